import type { DashboardItem, GoalDetail } from '@lifequest/proto';
import { CheckCircle2, Circle, Target, X } from 'lucide-react';
import { useErrorText } from '../i18n/errorText.ts';
import { formatCount, formatDay, formatTarget, formatValue, timeAgoText } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { TargetProgress } from '../quests/TargetProgress.tsx';
import { useToggleMilestone } from '../quests/useToggleMilestone.ts';
import { dashboardItemIsBehind } from '../replan/behind.ts';
import { ReplanButton } from '../replan/ReplanButton.tsx';
import { Card } from '../ui/Card.tsx';
import { LogProgressPanel } from './LogProgressPanel.tsx';
import { recentProgress, useGoalDetail } from './pathfinderQueries.ts';

/** The goal's latest entries, newest first: the value, how long ago, the note. */
function RecentProgress({ entries, unit }: { entries: GoalDetail['progress']; unit: string | null }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ol className="grid gap-2" data-testid="recent-progress">
      {entries.map((entry) => (
        <li key={entry.id} className="grid gap-0.5 rounded-md border border-edge bg-night/50 px-3 py-2">
          <div className="flex items-baseline justify-between gap-3">
            <span className="font-semibold text-parchment">{formatValue(entry.value, unit, locale)}</span>
            <time dateTime={entry.ts} title={formatDay(entry.ts, locale)} className="text-muted text-xs">
              {timeAgoText(entry.ts, new Date(), t)}
            </time>
          </div>
          {entry.note ? <p className="break-words text-muted text-sm">{entry.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** The selected goal: Log Progress, its recent progress (last 5, newest first) and its milestones. */
export function GoalDetailPanel({ item, onClose }: { item: DashboardItem; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const errorText = useErrorText();
  const detail = useGoalDetail(item.goal.id);
  const toggle = useToggleMilestone();
  const { goal } = item;
  const recent = recentProgress(detail.data?.progress ?? []);
  return (
    <Card aria-labelledby="selected-goal-title" className="grid gap-5" data-testid="goal-detail">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="text-muted text-xs uppercase tracking-wider">{t('pathfinder.detail.selected')}</p>
          <h2 id="selected-goal-title" className="break-words text-parchment text-xl">
            {goal.title}
          </h2>
          {goal.targetValue !== null ? (
            <p className="mt-1 flex items-center gap-1.5 text-muted text-sm" data-testid="goal-detail-target">
              <Target className="size-4 shrink-0 text-gold" aria-hidden />
              {t('goal.target', { date: formatTarget(goal.targetValue, goal.unit, locale) })}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('pathfinder.detail.close')}
          className="rounded-md p-2 text-muted hover:bg-white/5 hover:text-parchment"
        >
          <X className="size-5" aria-hidden />
        </button>
      </div>

      {dashboardItemIsBehind(item, new Date()) ? (
        <div className="grid gap-2 rounded-md border border-gold/30 bg-gold/5 p-3" data-testid="quest-behind">
          <p className="text-parchment text-sm">{t('goal.behind')}</p>
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
          {t('pathfinder.detail.recent')}
        </h3>
        {detail.isPending ? (
          <p className="text-muted text-sm">{t('pathfinder.detail.loading')}</p>
        ) : detail.isError ? (
          <p role="alert" className="text-red-300 text-sm">
            {errorText(detail.error)}
          </p>
        ) : recent.length === 0 ? (
          <p className="text-muted text-sm">{t('pathfinder.detail.noProgress')}</p>
        ) : (
          <RecentProgress entries={recent} unit={goal.unit} />
        )}
      </section>

      {detail.data && detail.data.milestones.length > 0 ? (
        <section aria-labelledby="selected-milestones-title" className="grid gap-2">
          <h3 id="selected-milestones-title" className="text-gold text-lg">
            {t('profile.stat.milestones')}
          </h3>
          <ul className="grid gap-1.5">
            {detail.data.milestones.map((milestone) => {
              const done = milestone.status === 'done';
              return (
                <li key={milestone.id} className="flex items-center gap-2 text-sm">
                  {done ? (
                    <CheckCircle2
                      className="size-4 shrink-0 text-finance"
                      aria-label={t('pathfinder.milestone.done')}
                    />
                  ) : (
                    <Circle
                      className="size-4 shrink-0 text-muted"
                      aria-label={t('pathfinder.milestone.open')}
                    />
                  )}
                  <span
                    className={`min-w-0 flex-1 break-words ${done ? 'text-muted line-through' : 'text-parchment'}`}
                  >
                    {milestone.label}
                  </span>
                  <span className="shrink-0 text-muted text-xs">
                    {t('pathfinder.milestone.when', {
                      date: formatDay(milestone.dueDate, locale),
                      xp: formatCount(milestone.xpReward, locale),
                    })}
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
