import { isFoundation, questProgress } from '@lifequest/proto';
import { CalendarDays, Trash2, Trophy } from 'lucide-react';
import { foundationName } from '../foundations/foundationText.ts';
import { foundationTheme } from '../foundations/foundationTheme.ts';
import { formatDay } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { goalIsBehind } from '../replan/behind.ts';
import { ReplanButton } from '../replan/ReplanButton.tsx';
import { useSkillTreeSnapshot } from '../rewards/useSkillTreeSnapshot.ts';
import { Badge } from '../ui/Badge.tsx';
import { Card } from '../ui/Card.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { MilestoneRow } from './MilestoneRow.tsx';
import { TargetProgress } from './TargetProgress.tsx';
import type { Goal, Milestone } from './types.ts';

export interface GoalCardProps {
  goal: Goal;
  milestones: readonly Milestone[];
  onToggleMilestone: (milestoneId: string) => void;
  togglingMilestoneId: string | null;
  onDelete: (goalId: string) => void;
}

export function GoalCard({
  goal,
  milestones,
  onToggleMilestone,
  togglingMilestoneId,
  onDelete,
}: GoalCardProps) {
  const t = useT();
  const locale = useLocale();
  const progress = questProgress(milestones);
  const snapshot = useSkillTreeSnapshot();
  const target = formatDay(goal.deadline, locale);
  const foundation = isFoundation(goal.foundation) ? goal.foundation : null;
  return (
    <Card aria-labelledby={`goal-${goal.id}-title`} className="grid content-start gap-4">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={`goal-${goal.id}-title`} className="break-words font-display text-lg text-parchment">
            {goal.title}
          </h2>
          <div className="mt-1.5 flex flex-wrap items-center gap-2 text-muted text-sm">
            {target ? (
              <span className="inline-flex items-center gap-1">
                <CalendarDays className="size-4" aria-hidden />
                {t('goal.target', { date: target })}
              </span>
            ) : null}
            {foundation ? (
              <Badge className={foundationTheme[foundation].badge}>{foundationName(t, foundation)}</Badge>
            ) : null}
            {goal.is_completed ? (
              <Badge className="border-gold/50 bg-gold/15 text-gold">
                <Trophy className="mr-1 size-3" aria-hidden />
                {t('goal.completed')}
              </Badge>
            ) : null}
          </div>
        </div>
        <ConfirmDialog
          title={t('goal.delete.title')}
          description={t('goal.delete.body')}
          confirmLabel={t('goal.delete.confirm')}
          onConfirm={() => onDelete(goal.id)}
          trigger={
            <button
              type="button"
              aria-label={t('goal.delete.label', { title: goal.title })}
              className="rounded-md p-2 text-muted transition-colors hover:bg-red-500/10 hover:text-red-300"
            >
              <Trash2 className="size-5" aria-hidden />
            </button>
          }
        />
      </div>

      <div className="grid gap-1.5">
        <div className="flex justify-between text-sm">
          <span className="text-muted">{t('goal.progress')}</span>
          <span className="font-semibold text-gold" data-testid="quest-progress-count">
            {progress.completed}/{progress.total}
          </span>
        </div>
        <ProgressBar value={progress.percent} label={t('goal.progressLabel', { title: goal.title })} />
        {goal.target_value != null ? (
          <TargetProgress
            goalId={goal.id}
            title={goal.title}
            target={goal.target_value}
            unit={goal.unit}
            milestones={milestones.map((milestone) => ({
              id: milestone.id,
              title: milestone.title,
              done: milestone.is_completed,
            }))}
            onTick={onToggleMilestone}
            ticking={togglingMilestoneId !== null}
          />
        ) : null}
      </div>

      {goalIsBehind(goal, milestones, new Date()) ? (
        <div className="grid gap-2 rounded-md border border-gold/30 bg-gold/5 p-3" data-testid="quest-behind">
          <p className="text-parchment text-sm">{t('goal.behind')}</p>
          <ReplanButton goalId={goal.id} title={goal.title} />
        </div>
      ) : null}

      {milestones.length > 0 ? (
        <ul
          className="grid gap-2"
          aria-label={t('goal.milestones', { title: goal.title })}
          onPointerEnter={snapshot}
          onPointerDown={snapshot}
          onFocus={snapshot}
        >
          {milestones.map((milestone) => (
            <MilestoneRow
              key={milestone.id}
              milestone={milestone}
              onToggle={onToggleMilestone}
              pending={togglingMilestoneId === milestone.id}
            />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
