import { Download } from 'lucide-react';
import { useT } from '../i18n/useT.ts';
import { declineInstall, install, useInstallOffer } from './install.ts';

/** Offered once, on the profile, when the browser can install the app (install.ts). */
export function InstallOffer() {
  const canOffer = useInstallOffer();
  const t = useT();
  if (!canOffer) return null;
  return (
    <section className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-gold/30 bg-gold/5 px-4 py-3">
      <p className="text-parchment text-sm">{t('offline.install.body')}</p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => void install()}
          className="inline-flex items-center gap-1 rounded-md bg-gold px-3 py-1.5 font-medium text-night text-sm"
        >
          <Download className="size-4" aria-hidden />
          {t('offline.install.button')}
        </button>
        <button type="button" onClick={declineInstall} className="rounded-md px-3 py-1.5 text-muted text-sm">
          {t('offline.install.later')}
        </button>
      </div>
    </section>
  );
}
