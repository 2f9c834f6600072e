import {
  type DashboardItem,
  formatDate,
  formatProgressValue,
  formatTargetValue,
  timeAgo,
} from '@lifequest/proto';
import { CheckCircle2, Circle, Target, X } from 'lucide-react';
import { TargetProgress } from '../quests/TargetProgress.tsx';
import { useToggleMilestone } from '../quests/useToggleMilestone.ts';
import { dashboardItemIsBehind } from '../replan/behind.ts';
import { ReplanButton } from '../replan/ReplanButton.tsx';
import { Card } from '../ui/Card.tsx';
import { LogProgressPanel } from './LogProgressPanel.tsx';
import { recentProgress, useGoalDetail } from './pathfinderQueries.ts';

/** The selected goal: Log Progress, its recent progress (last 5, newest first) and its milestones. */
export function GoalDetailPanel({ item, onClose }: { item: DashboardItem; onClose: () => void }) {
  const detail = useGoalDetail(item.goal.id);
  const toggle = useToggleMilestone();
  const { goal } = item;
  const recent = recentProgress(detail.data?.progress ?? []);
  return (
    <Card aria-labelledby="selected-goal-title" className="grid gap-5" data-testid="goal-detail">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="text-muted text-xs uppercase tracking-wider">Selected quest</p>
          <h2 id="selected-goal-title" className="break-words text-parchment text-xl">
            {goal.title}
          </h2>
          {goal.targetValue !== null ? (
            <p className="mt-1 flex items-center gap-1.5 text-muted text-sm" data-testid="goal-detail-target">
              <Target className="size-4 shrink-0 text-gold" aria-hidden />
              Target: {formatTargetValue(goal.targetValue, goal.unit)}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close the selected quest"
          className="rounded-md p-2 text-muted hover:bg-white/5 hover:text-parchment"
        >
          <X className="size-5" aria-hidden />
        </button>
      </div>

      {dashboardItemIsBehind(item, new Date()) ? (
        <div className="grid gap-2 rounded-md border border-gold/30 bg-gold/5 p-3" data-testid="quest-behind">
          <p className="text-parchment text-sm">This quest has fallen behind its plan.</p>
          <ReplanButton goalId={goal.id} title={goal.title} />
        </div>
      ) : null}

      {goal.targetValue !== null ? (
        <TargetProgress
          goalId={goal.id}
          title={goal.title}
          target={goal.targetValue}
          unit={goal.unit}
          milestones={(detail.data?.milestones ?? []).map((milestone) => ({
            id: milestone.id,
            title: milestone.label,
            done: milestone.status === 'done',
          }))}
          onTick={(id) => toggle.mutate(id)}
          ticking={toggle.isPending}
        />
      ) : null}

      <LogProgressPanel key={goal.id} goalId={goal.id} title={goal.title} unit={goal.unit} />

      <section aria-labelledby="recent-progress-title" className="grid gap-2">
        <h3 id="recent-progress-title" className="text-gold text-lg">
          Recent Progress
        </h3>
        {detail.isPending ? (
          <p className="text-muted text-sm">Loading progress...</p>
        ) : detail.isError ? (
          <p role="alert" className="text-red-300 text-sm">
            {detail.error.message}
          </p>
        ) : recent.length === 0 ? (
          <p className="text-muted text-sm">No progress logged yet. Your first entry will show here.</p>
        ) : (
          <ol className="grid gap-2" data-testid="recent-progress">
            {recent.map((entry) => (
              <li key={entry.id} className="grid gap-0.5 rounded-md border border-edge bg-night/50 px-3 py-2">
                <div className="flex items-baseline justify-between gap-3">
                  <span className="font-semibold text-parchment">
                    {formatProgressValue(entry.value, goal.unit)}
                  </span>
                  <time dateTime={entry.ts} title={formatDate(entry.ts)} className="text-muted text-xs">
                    {timeAgo(entry.ts)}
                  </time>
                </div>
                {entry.note ? <p className="break-words text-muted text-sm">{entry.note}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </section>

      {detail.data && detail.data.milestones.length > 0 ? (
        <section aria-labelledby="selected-milestones-title" className="grid gap-2">
          <h3 id="selected-milestones-title" className="text-gold text-lg">
            Milestones
          </h3>
          <ul className="grid gap-1.5">
            {detail.data.milestones.map((milestone) => {
              const done = milestone.status === 'done';
              return (
                <li key={milestone.id} className="flex items-center gap-2 text-sm">
                  {done ? (
                    <CheckCircle2 className="size-4 shrink-0 text-finance" aria-label="Done" />
                  ) : (
                    <Circle className="size-4 shrink-0 text-muted" aria-label="Open" />
                  )}
                  <span
                    className={`min-w-0 flex-1 break-words ${done ? 'text-muted line-through' : 'text-parchment'}`}
                  >
                    {milestone.label}
                  </span>
                  <span className="shrink-0 text-muted text-xs">
                    {formatDate(milestone.dueDate)} · {milestone.xpReward} XP
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </Card>
  );
}
