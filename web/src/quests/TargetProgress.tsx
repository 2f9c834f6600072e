import { Target } from 'lucide-react';
import { formatTarget, formatValue } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { useGoalDetail } from '../pathfinder/pathfinderQueries.ts';
import { loggedTotal, milestoneEarnedByLog, type OrderedMilestone, tallyFor } from './targetProgress.ts';

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
  const t = useT();
  const locale = useLocale();
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
        <span className="text-muted">{t('target.logged')}</span>
        <span className="font-semibold text-parchment">
          {detail.isPending
            ? '…'
            : t('target.ofTarget', {
                // A reading not yet taken is not zero ('— of 75 kg'); a sum not yet begun is.
                logged:
                  total === null && tallyFor(unit) === 'latest' ? '—' : formatValue(total ?? 0, unit, locale),
                target: formatTarget(target, unit, locale),
              })}
        </span>
      </span>
      {earned && onTick && total !== null ? (
        <span
          className="flex flex-wrap items-center gap-2 rounded-lg border border-gold/50 bg-gold/10 px-3 py-2 text-sm"
          data-testid="earned-milestone"
        >
          <span className="min-w-0 flex-1 text-parchment">
            {t('target.earned', { logged: formatValue(total, unit, locale), title: earned.title })}
          </span>
          <button
            type="button"
            disabled={ticking}
            onClick={() => onTick(earned.id)}
            aria-label={t('target.tickLabel', { milestone: earned.title, title })}
            className="inline-flex min-h-10 items-center rounded-md bg-gold px-3 font-semibold text-night hover:bg-gold-strong disabled:opacity-50"
          >
            {t('target.tick')}
          </button>
        </span>
      ) : null}
    </span>
  );
}
