import { Compass } from 'lucide-react';
import { useDeferredValue } from 'react';
import { useErrorText } from '../i18n/errorText.ts';
import { useT } from '../i18n/useT.ts';
import { Card } from '../ui/Card.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { GoalCard } from './GoalCard.tsx';
import { NewQuestButton } from './NewQuestButton.tsx';
import { milestonesByGoal } from './questProgress.ts';
import { useGoals, useMilestones } from './questQueries.ts';
import { useDeleteGoal } from './useDeleteGoal.ts';
import { useToggleMilestone } from './useToggleMilestone.ts';

export default function QuestsPage() {
  const goals = useGoals();
  const milestones = useMilestones();
  const toggle = useToggleMilestone();
  const deleteGoal = useDeleteGoal();
  const t = useT();
  const errorText = useErrorText();

  // Cards are drawn once, with their milestones: drawn before them, each card grew as its list arrived
  // and pushed the cards below it down the page (Lighthouse measured a layout shift of 0.37).
  const loaded = !goals.isPending && !milestones.isPending;
  // A query's answer re-renders synchronously; the cards are then drawn as a deferred update, which
  // React builds in slices between which the browser can answer the hero, not in one long task.
  const showCards = useDeferredValue(loaded);
  if (!showCards) return <Spinner label={t('quests.loading')} />;

  const byGoal = milestonesByGoal(milestones.data ?? []);
  const list = goals.data ?? [];

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl text-gold sm:text-3xl">{t('quests.title')}</h1>
        <NewQuestButton />
      </div>
      {goals.isError ? (
        <p role="alert" className="text-red-300">
          {errorText(goals.error)}
        </p>
      ) : null}
      {list.length === 0 && !goals.isError ? (
        <Card className="grid justify-items-center gap-3 py-12 text-center">
          <Compass className="size-12 text-gold/70" aria-hidden />
          <h2 className="text-parchment text-xl">{t('quests.empty.title')}</h2>
          {/* Every hero here is onboarded: the next quest, not the first, is what they need. */}
          <p className="max-w-sm text-parchment">{t('quests.empty.body')}</p>
          <NewQuestButton />
          <p className="max-w-sm text-muted text-xs">{t('quests.empty.hint')}</p>
        </Card>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {list.map((goal) => (
            <GoalCard
              key={goal.id}
              goal={goal}
              milestones={byGoal.get(goal.id) ?? []}
              onToggleMilestone={(id) => toggle.mutate(id)}
              togglingMilestoneId={toggle.isPending ? (toggle.variables ?? null) : null}
              onDelete={(id) => deleteGoal.mutate(id)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
