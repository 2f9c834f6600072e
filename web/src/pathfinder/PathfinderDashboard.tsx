import type { DashboardItem } from '@lifequest/proto';
import { CalendarDays, Compass, Flag, Target } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useErrorText } from '../i18n/errorText.ts';
import { formatCount, formatDay, formatTarget } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { TargetProgress } from '../quests/TargetProgress.tsx';
import { dashboardItemIsBehind } from '../replan/behind.ts';
import { Badge } from '../ui/Badge.tsx';
import { Card } from '../ui/Card.tsx';
import { clampPercent } from '../ui/ProgressBar.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { GoalDetailPanel } from './GoalDetailPanel.tsx';
import { categoryText, difficultyText } from './goalWords.ts';
import { useDashboard } from './pathfinderQueries.ts';

function GoalTile({
  item,
  selected,
  onToggle,
}: {
  item: DashboardItem;
  selected: boolean;
  onToggle: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const { goal } = item;
  const target = formatDay(goal.targetDate, locale);
  const percent = clampPercent(item.progressPercentage);
  return (
    <li>
      {/* The card is one button: a click selects it, a second click deselects it (docs/product.md#pathfinder). */}
      <button
        type="button"
        aria-pressed={selected}
        onClick={onToggle}
        data-goal-id={goal.id}
        className={`grid w-full gap-3 rounded-xl border p-4 text-left transition-colors ${
          selected
            ? 'border-gold bg-gold/10 shadow-[0_0_24px_-8px] shadow-gold/60'
            : 'border-edge bg-surface/90 hover:border-gold/50'
        }`}
      >
        <span className="flex items-start gap-2">
          <span className="min-w-0 flex-1 break-words font-display text-lg text-parchment">{goal.title}</span>
          <span className="shrink-0 font-semibold text-gold">{percent}%</span>
        </span>
        <span aria-hidden className="block h-2 overflow-hidden rounded-full bg-night/80 ring-1 ring-edge">
          <span className="block h-full rounded-full bg-gold" style={{ width: `${percent}%` }} />
        </span>
        <span className="flex flex-wrap items-center gap-2 text-muted text-xs">
          {goal.category ? (
            <Badge className="border-edge bg-night text-parchment">{categoryText(goal.category, t)}</Badge>
          ) : null}
          {goal.difficulty ? (
            <Badge className="border-edge bg-night text-parchment">
              {difficultyText(goal.difficulty, t)}
            </Badge>
          ) : null}
          {dashboardItemIsBehind(item, new Date()) ? (
            <Badge className="border-gold/50 bg-gold/15 text-gold">{t('pathfinder.card.behind')}</Badge>
          ) : null}
          <span>
            {t('pathfinder.card.milestones', { done: item.completedMilestones, total: item.totalMilestones })}
          </span>
          <span>
            {t('pathfinder.card.xp', {
              xp: formatCount(item.totalXp, locale),
              total: formatCount(goal.totalGoalXp, locale),
            })}
          </span>
          {goal.targetValue !== null ? (
            <span className="inline-flex items-center gap-1" data-testid="goal-target">
              <Target className="size-3.5" aria-hidden />
              <span className="sr-only">{t('pathfinder.targetLabel')} </span>
              {formatTarget(goal.targetValue, goal.unit, locale)}
            </span>
          ) : null}
          {target ? (
            <span className="inline-flex items-center gap-1">
              <CalendarDays className="size-3.5" aria-hidden />
              {target}
            </span>
          ) : null}
        </span>
        {goal.targetValue !== null ? (
          <TargetProgress goalId={goal.id} title={goal.title} target={goal.targetValue} unit={goal.unit} />
        ) : null}
        {item.nextMilestone ? (
          <span className="flex items-center gap-1.5 text-parchment text-sm">
            <Flag className="size-4 shrink-0 text-gold" aria-hidden />
            <span className="min-w-0 break-words">
              {t('pathfinder.card.next', { milestone: item.nextMilestone.label })}
              {item.nextMilestone.dueDate ? (
                <span className="text-muted"> · {formatDay(item.nextMilestone.dueDate, locale)}</span>
              ) : null}
            </span>
          </span>
        ) : null}
      </button>
    </li>
  );
}

/** The Pathfinder page's dashboard tab: active goal cards; a selected one opens Log Progress. */
export function PathfinderDashboard() {
  const t = useT();
  const errorText = useErrorText();
  const dashboard = useDashboard();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    // On a phone the panel sits below the cards, out of sight: bring it up. 'nearest' leaves a desktop
    // alone, where it is already beside them.
    if (selectedId) panel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [selectedId]);

  if (dashboard.isPending) return <Spinner label={t('pathfinder.dashboard.loading')} />;
  if (dashboard.isError) {
    return (
      <p role="alert" className="py-10 text-center text-red-300">
        {errorText(dashboard.error)}
      </p>
    );
  }
  const items = dashboard.data.goals;
  const selected = items.find((item) => item.goal.id === selectedId) ?? null;

  if (items.length === 0) {
    return (
      <Card className="grid justify-items-center gap-3 py-12 text-center">
        <Compass className="size-12 text-gold/70" aria-hidden />
        <h2 className="text-parchment text-xl">{t('quests.empty.title')}</h2>
        <p className="max-w-sm text-muted">{t('pathfinder.dashboard.empty')}</p>
      </Card>
    );
  }

  return (
    <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <section aria-labelledby="active-goals-title" className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="active-goals-title" className="text-gold text-xl">
            {t('pathfinder.dashboard.title')}
          </h2>
          <p className="text-muted text-sm">
            {selected ? t('pathfinder.dashboard.deselect') : t('pathfinder.dashboard.select')}
          </p>
        </div>
        <ul ref={list} className="grid gap-3 md:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          {items.map((item) => (
            <GoalTile
              key={item.goal.id}
              item={item}
              selected={item.goal.id === selectedId}
              onToggle={() => setSelectedId((current) => (current === item.goal.id ? null : item.goal.id))}
            />
          ))}
        </ul>
      </section>
      <div ref={panel} className="lg:sticky lg:top-4">
        {selected ? (
          <GoalDetailPanel
            item={selected}
            onClose={() => {
              // The × leaves with the panel: the focus goes back to the card it belonged to.
              list.current?.querySelector<HTMLElement>(`[data-goal-id="${selected.goal.id}"]`)?.focus();
              setSelectedId(null);
            }}
          />
        ) : (
          <Card className="hidden text-center text-muted lg:block">
            {t('pathfinder.dashboard.selectHint')}
          </Card>
        )}
      </div>
    </div>
  );
}
