import { formatDate, formatTargetValue, type Plan } from '@lifequest/proto';
import { CalendarDays, Check, ScrollText, Target } from 'lucide-react';
import type { Ref } from 'react';
import { Badge } from '../ui/Badge.tsx';
import { Button } from '../ui/Button.tsx';

export interface PlanProposalProps {
  plan: Plan;
  confirming: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  ref?: Ref<HTMLElement>;
}

/** The plan The Pathfinder proposes, waiting for the hero's Confirm (docs/product.md#pathfinder). */
export function PlanProposal({ plan, confirming, onConfirm, onCancel, ref }: PlanProposalProps) {
  const { goal, milestones, xp_policy: xp, habits } = plan;
  const metric =
    goal.metric.target_value !== null ? formatTargetValue(goal.metric.target_value, goal.metric.unit) : null;
  return (
    <section
      ref={ref}
      aria-labelledby="plan-title"
      className="grid gap-4 rounded-xl border border-gold/50 bg-surface p-4 shadow-[0_0_30px_-10px] shadow-gold/50 sm:p-5"
      data-testid="plan-proposal"
    >
      <div className="grid gap-1">
        <p className="flex items-center gap-1.5 text-gold text-xs uppercase tracking-wider">
          <ScrollText className="size-4" aria-hidden />
          Proposed plan
        </p>
        <h3 id="plan-title" className="break-words text-parchment text-xl">
          {goal.title}
        </h3>
        <div className="flex flex-wrap gap-2">
          <Badge className="border-edge bg-night text-parchment">{goal.category}</Badge>
          <Badge className="border-edge bg-night text-parchment">{goal.difficulty}</Badge>
          {metric ? (
            <Badge className="border-edge bg-night text-parchment" data-testid="plan-target">
              <Target className="mr-1 size-3" aria-hidden />
              <span className="sr-only">Target: </span>
              {metric}
            </Badge>
          ) : null}
          <Badge>{xp.total_goal_xp} XP</Badge>
        </div>
      </div>

      <div className="grid gap-2">
        <h4 className="font-semibold text-parchment text-sm">Milestones</h4>
        <ol className="grid gap-1.5">
          {milestones.map((milestone, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a plan's milestones never reorder
              key={index}
              className="flex items-start gap-2 rounded-md bg-night/50 px-3 py-2 text-sm"
            >
              <span className="font-display text-gold">{index + 1}.</span>
              <span className="min-w-0 flex-1 break-words text-parchment">{milestone.label}</span>
              <span className="shrink-0 text-right text-muted text-xs">
                {milestone.due_date ? (
                  <span className="inline-flex items-center gap-1">
                    <CalendarDays className="size-3" aria-hidden />
                    {formatDate(milestone.due_date)}
                  </span>
                ) : null}
                <span className="block">{milestone.xp_reward} XP</span>
              </span>
            </li>
          ))}
        </ol>
      </div>

      <p className="text-muted text-xs">
        Bonuses: +{xp.bonuses.early_milestone} XP for a milestone done early, +{xp.bonuses.logging_daily} XP
        for the first progress logged each day.
      </p>

      {habits.length > 0 ? (
        <div className="grid gap-1">
          <h4 className="font-semibold text-parchment text-sm">Habits</h4>
          <ul className="grid list-disc gap-0.5 pl-5 text-parchment text-sm">
            {habits.map((habit, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: habits never reorder
              <li key={index}>{habit}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={onConfirm} disabled={confirming}>
          <Check className="size-4" aria-hidden />
          {confirming ? 'Creating your quest...' : 'Confirm'}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={confirming}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
