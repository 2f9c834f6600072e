import { ERROR_CODES, type ErrorCode, type Locale } from '@lifequest/proto';
import { RefreshCw, WifiOff, X } from 'lucide-react';
import { errorKey } from '../i18n/errorText.ts';
import { type Translate, useLocale, useT } from '../i18n/useT.ts';
import { useNetwork } from './network.ts';
import { useQueuedChanges } from './queue.ts';
import { dismissRefusals, type Refusal, useRefusals } from './refusals.ts';
import { reloadIntoUpdate, useUpdateReady } from './serviceWorker.ts';

/** The time of day in the hero's language; in English the browser's own way, as before. */
const time = (date: Date, locale: Locale) =>
  date.toLocaleTimeString(locale === 'en' ? [] : locale, { hour: '2-digit', minute: '2-digit' });

/** A refused change in the hero's language: in English as the replay wrote it (the server's words). */
function refusalText(refusal: Refusal, t: Translate, locale: Locale): string {
  if (locale === 'en' || !refusal.change)
    return t('offline.refusal', { what: refusal.what, reason: refusal.reason });
  const what =
    refusal.change.kind === 'progress'
      ? t('offline.refusal.progress')
      : t(refusal.change.completed ? 'offline.refusal.done' : 'offline.refusal.notDone', {
          title: refusal.change.title,
        });
  const known = refusal.code !== undefined && Object.hasOwn(ERROR_CODES, refusal.code);
  const reason = known ? t(errorKey(refusal.code as ErrorCode)) : refusal.reason;
  return t('offline.refusal', { what, reason });
}

/** The offline banner: since when, and what waits to sync (a plural), two sentences of the catalogue. */
function bannerText(offlineSince: Date | null, waiting: number, t: Translate, locale: Locale): string {
  const first = offlineSince
    ? t('offline.banner.since', { time: time(offlineSince, locale) })
    : t('offline.banner');
  const second = waiting > 0 ? t('offline.banner.queued', { count: waiting }) : t('offline.banner.kept');
  return `${first} ${second}`;
}

/**
 * Above every screen: that the app is offline and since when, what waits to sync, what the server
 * refused on replay, and that a new version is ready (docs/features/offline-app.md).
 */
export function OfflineStatus() {
  const { online, offlineSince } = useNetwork();
  const queued = useQueuedChanges();
  const refusals = useRefusals();
  const updateReady = useUpdateReady();
  const t = useT();
  const locale = useLocale();
  return (
    <>
      {!online ? (
        <div
          role="status"
          data-testid="offline-banner"
          className="flex items-center justify-center gap-2 border-gold/30 border-b bg-gold/10 px-4 py-2 text-center text-parchment text-sm"
        >
          <WifiOff className="size-4 shrink-0 text-gold" aria-hidden />
          <span>{bannerText(offlineSince, queued.length, t, locale)}</span>
        </div>
      ) : null}
      {refusals.length > 0 ? (
        <div
          role="alert"
          data-testid="sync-refusals"
          className="flex items-start justify-center gap-2 border-red-400/30 border-b bg-red-500/10 px-4 py-2 text-red-200 text-sm"
        >
          <div>
            <p>{t('offline.refusals.title')}</p>
            <ul className="list-disc pl-5">
              {refusals.map((refusal) => (
                <li key={refusal.key}>{refusalText(refusal, t, locale)}</li>
              ))}
            </ul>
          </div>
          <button
            type="button"
            onClick={dismissRefusals}
            className="rounded p-1 hover:bg-red-500/20"
            aria-label={t('offline.dismiss')}
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      ) : null}
      {updateReady ? (
        <div
          role="status"
          className="fixed inset-x-4 bottom-20 z-50 mx-auto flex max-w-sm items-center justify-between gap-3 rounded-lg border border-gold/40 bg-night px-4 py-3 text-parchment text-sm shadow-lg"
        >
          <span>{t('offline.update.ready')}</span>
          <button
            type="button"
            onClick={reloadIntoUpdate}
            className="inline-flex items-center gap-1 rounded-md bg-gold px-3 py-1.5 font-medium text-night"
          >
            <RefreshCw className="size-4" aria-hidden />
            {t('offline.update.reload')}
          </button>
        </div>
      ) : null}
    </>
  );
}
