import { formatDate, isFoundation, questProgress } from '@lifequest/proto';
import { CalendarDays, Trash2, Trophy } from 'lucide-react';
import { foundationTheme } from '../foundations/foundationTheme.ts';
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

export const DELETE_GOAL_CONFIRMATION =
  'Are you sure you want to delete this goal? This will also remove all associated milestones.';

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
  const progress = questProgress(milestones);
  const snapshot = useSkillTreeSnapshot();
  const target = formatDate(goal.deadline);
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
                Target: {target}
              </span>
            ) : null}
            {foundation ? <Badge className={foundationTheme[foundation].badge}>{foundation}</Badge> : null}
            {goal.is_completed ? (
              <Badge className="border-gold/50 bg-gold/15 text-gold">
                <Trophy className="mr-1 size-3" aria-hidden />
                Completed
              </Badge>
            ) : null}
          </div>
        </div>
        <ConfirmDialog
          title="Delete Quest"
          description={DELETE_GOAL_CONFIRMATION}
          confirmLabel="Delete"
          onConfirm={() => onDelete(goal.id)}
          trigger={
            <button
              type="button"
              aria-label={`Delete quest ${goal.title}`}
              className="rounded-md p-2 text-muted transition-colors hover:bg-red-500/10 hover:text-red-300"
            >
              <Trash2 className="size-5" aria-hidden />
            </button>
          }
        />
      </div>

      <div className="grid gap-1.5">
        <div className="flex justify-between text-sm">
          <span className="text-muted">Progress</span>
          <span className="font-semibold text-gold" data-testid="quest-progress-count">
            {progress.completed}/{progress.total}
          </span>
        </div>
        <ProgressBar value={progress.percent} label={`${goal.title} progress`} />
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
          <p className="text-parchment text-sm">This quest has fallen behind its plan.</p>
          <ReplanButton goalId={goal.id} title={goal.title} />
        </div>
      ) : null}

      {milestones.length > 0 ? (
        <ul
          className="grid gap-2"
          aria-label={`${goal.title} milestones`}
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
