import { Trophy } from 'lucide-react';
import { Button } from '../../ui/Button.tsx';
import type { FinalGoal } from '../pathfinderTypes.ts';

export interface DashboardWelcomeStepProps {
  quest: FinalGoal | null;
  onEnter: () => void;
  pending: boolean;
  error: string | null;
}

export function DashboardWelcomeStep({ quest, onEnter, pending, error }: DashboardWelcomeStepProps) {
  return (
    <div className="grid justify-items-center gap-6 text-center">
      <Trophy className="size-16 text-gold" aria-hidden />
      <h1 className="text-3xl text-gold">Welcome to Your Dashboard</h1>
      <p className="max-w-md text-muted">
        {quest
          ? `Your first quest awaits: "${quest.title}". Complete its milestones to earn XP and rise in level.`
          : 'Your adventure is ready. Create quests and complete milestones to earn XP and rise in level.'}
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
        Enter Dashboard
      </Button>
    </div>
  );
}
