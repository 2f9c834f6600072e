import { useT } from '../../i18n/useT.ts';
import { Button } from '../../ui/Button.tsx';

export function MeetPathfinderStep({ displayName, onNext }: { displayName: string; onNext: () => void }) {
  const t = useT();
  return (
    <div className="grid justify-items-center gap-6 text-center">
      <img
        src="/pathfinder.svg"
        alt={t('landing.pathfinderAlt')}
        className="w-36 drop-shadow-[0_0_30px_rgba(245,196,81,0.3)]"
      />
      <h1 className="text-3xl text-gold">{t('onboarding.meet.title')}</h1>
      <p className="max-w-md text-muted">{t('onboarding.meet.body', { name: displayName })}</p>
      <Button className="px-6 py-3 text-base" onClick={onNext}>
        {t('onboarding.meet.next')}
      </Button>
    </div>
  );
}
