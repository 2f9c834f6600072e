import { type DashboardItem, formatDate, formatTargetValue } from '@lifequest/proto';
import { CalendarDays, Compass, Flag, Target } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { TargetProgress } from '../quests/TargetProgress.tsx';
import { dashboardItemIsBehind } from '../replan/behind.ts';
import { Badge } from '../ui/Badge.tsx';
import { Card } from '../ui/Card.tsx';
import { clampPercent } from '../ui/ProgressBar.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { GoalDetailPanel } from './GoalDetailPanel.tsx';
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
  const { goal } = item;
  const target = formatDate(goal.targetDate);
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
            <Badge className="border-edge bg-night text-parchment">{goal.category}</Badge>
          ) : null}
          {goal.difficulty ? (
            <Badge className="border-edge bg-night text-parchment">{goal.difficulty}</Badge>
          ) : null}
          {dashboardItemIsBehind(item, new Date()) ? (
            <Badge className="border-gold/50 bg-gold/15 text-gold">Behind schedule</Badge>
          ) : null}
          <span>
            {item.completedMilestones}/{item.totalMilestones} milestones
          </span>
          <span>
            {item.totalXp}/{goal.totalGoalXp} XP
          </span>
          {goal.targetValue !== null ? (
            <span className="inline-flex items-center gap-1" data-testid="goal-target">
              <Target className="size-3.5" aria-hidden />
              <span className="sr-only">Target: </span>
              {formatTargetValue(goal.targetValue, goal.unit)}
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
              Next: {item.nextMilestone.label}
              {item.nextMilestone.dueDate ? (
                <span className="text-muted"> · {formatDate(item.nextMilestone.dueDate)}</span>
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
  const dashboard = useDashboard();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    // On a phone the panel sits below the cards, out of sight: bring it up. 'nearest' leaves a desktop
    // alone, where it is already beside them.
    if (selectedId) panel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [selectedId]);

  if (dashboard.isPending) return <Spinner label="Loading your quests..." />;
  if (dashboard.isError) {
    return (
      <p role="alert" className="py-10 text-center text-red-300">
        {dashboard.error.message}
      </p>
    );
  }
  const items = dashboard.data.goals;
  const selected = items.find((item) => item.goal.id === selectedId) ?? null;

  if (items.length === 0) {
    return (
      <Card className="grid justify-items-center gap-3 py-12 text-center">
        <Compass className="size-12 text-gold/70" aria-hidden />
        <h2 className="text-parchment text-xl">No Active Quests</h2>
        <p className="max-w-sm text-muted">
          Ask the AI Coach for a plan, or tell The Pathfinder in the chat bubble what you want to achieve.
        </p>
      </Card>
    );
  }

  return (
    <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <section aria-labelledby="active-goals-title" className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="active-goals-title" className="text-gold text-xl">
            Active Goals
          </h2>
          <p className="text-muted text-sm">
            {selected ? 'Click the card again to deselect it.' : 'Select a goal to log progress.'}
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
            Select a goal to log progress and see its recent entries.
          </Card>
        )}
      </div>
    </div>
  );
}
