import { Trophy } from 'lucide-react';
import { useT } from '../../i18n/useT.ts';
import { Button } from '../../ui/Button.tsx';
import type { FinalGoal } from '../pathfinderTypes.ts';

export interface DashboardWelcomeStepProps {
  quest: FinalGoal | null;
  onEnter: () => void;
  pending: boolean;
  error: string | null;
}

export function DashboardWelcomeStep({ quest, onEnter, pending, error }: DashboardWelcomeStepProps) {
  const t = useT();
  return (
    <div className="grid justify-items-center gap-6 text-center">
      <Trophy className="size-16 text-gold" aria-hidden />
      <h1 className="text-3xl text-gold">{t('onboarding.ready.title')}</h1>
      <p className="max-w-md text-muted">
        {quest ? t('onboarding.ready.quest', { title: quest.title }) : t('onboarding.ready.noQuest')}
      </p>
      {error ? (
        <p
          role="alert"
          className="rounded-md border border-red-400/60 bg-red-950/70 px-3 py-2 text-red-100 text-sm"
        >
          {error}
        </p>
      ) : null}
      <Button className="px-6 py-3 text-base" onClick={onEnter} disabled={pending}>
        {t('onboarding.ready.enter')}
      </Button>
    </div>
  );
}
