import { useT } from '../../i18n/useT.ts';
import { Button } from '../../ui/Button.tsx';

export function WelcomeStep({ onNext }: { onNext: () => void }) {
  const t = useT();
  return (
    <div className="grid justify-items-center gap-6 text-center">
      <img src="/pathfinder.svg" alt="" className="w-32 drop-shadow-[0_0_30px_rgba(245,196,81,0.3)]" />
      <h1 className="text-3xl text-gold sm:text-4xl">{t('onboarding.welcome.title')}</h1>
      <p className="max-w-md text-muted">{t('onboarding.welcome.body')}</p>
      <Button className="px-6 py-3 text-base" onClick={onNext}>
        {t('onboarding.welcome.next')}
      </Button>
    </div>
  );
}
