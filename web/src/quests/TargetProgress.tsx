import { formatProgressValue } from '@lifequest/proto';
import { Target } from 'lucide-react';
import { useGoalDetail } from '../pathfinder/pathfinderQueries.ts';
import {
  loggedAgainstTarget,
  loggedTotal,
  milestoneEarnedByLog,
  type OrderedMilestone,
} from './targetProgress.ts';

export interface TargetProgressProps {
  goalId: string;
  title: string;
  target: number;
  unit: string | null | undefined;
  /** The quest's milestones in order; with `onTick`, an earned one is offered to tick. */
  milestones?: readonly OrderedMilestone[];
  onTick?: (milestoneId: string) => void;
  ticking?: boolean;
}

/**
 * What the hero has logged against the quest's target, beside the milestone bar: '$250 of $2,000'.
 * When the total has passed an open milestone's share of the target, it offers to tick that milestone
 * (the milestones stay the hero's to tick: the bar and its XP follow them, never the log).
 */
export function TargetProgress({
  goalId,
  title,
  target,
  unit,
  milestones,
  onTick,
  ticking,
}: TargetProgressProps) {
  const detail = useGoalDetail(goalId);
  const total = loggedTotal(detail.data?.progress ?? [], unit);
  // Without the log (it failed to load) the target alone stays on the card, as before.
  if (detail.isError) return null;
  const earned = milestones && onTick ? milestoneEarnedByLog(milestones, total, target, unit) : null;
  return (
    // Spans only: the Pathfinder page shows it inside its goal card, which is one button.
    <span className="grid gap-2">
      <span className="flex items-center gap-1.5 text-sm" data-testid="logged-against-target">
        <Target className="size-4 shrink-0 text-gold" aria-hidden />
        <span className="text-muted">Logged:</span>
        <span className="font-semibold text-parchment">
          {detail.isPending ? '…' : loggedAgainstTarget(total ?? 0, target, unit)}
        </span>
      </span>
      {earned && onTick && total !== null ? (
        <span
          className="flex flex-wrap items-center gap-2 rounded-lg border border-gold/50 bg-gold/10 px-3 py-2 text-sm"
          data-testid="earned-milestone"
        >
          <span className="min-w-0 flex-1 text-parchment">
            {formatProgressValue(total, unit)} logged: “{earned.title}” looks done.
          </span>
          <button
            type="button"
            disabled={ticking}
            onClick={() => onTick(earned.id)}
            aria-label={`Tick “${earned.title}” on ${title}`}
            className="inline-flex min-h-10 items-center rounded-md bg-gold px-3 font-semibold text-night hover:bg-gold-strong disabled:opacity-50"
          >
            Tick it
          </button>
        </span>
      ) : null}
    </span>
  );
}
