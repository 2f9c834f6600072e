// How a quest's milestones get their due dates and XP when whoever created the quest did not say.
// Pure: `today` is always a parameter.
import { addDays, daysBetween, FALLBACK_PLAN, fallbackGoalPlan } from '@lifequest/proto';

export interface PlannedMilestone {
  title: string;
  /** yyyy-mm-dd, or null. */
  dueDate: string | null;
  xpReward: number;
  isCompleted?: boolean;
}

/** The XP a quest is worth when nobody named a total: the fallback plan's 100 (docs/product.md#xp-rules). */
export const DEFAULT_QUEST_XP = FALLBACK_PLAN.xpTotal;

/**
 * Splits `total` XP into `count` whole shares that add up to exactly `total`: equal shares rounded
 * down, the remainder on the last milestone (the finish is worth the most).
 */
export function spreadXp(total: number, count: number): number[] {
  if (count <= 0) return [];
  const share = Math.floor(total / count);
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? total - share * (count - 1) : share));
}

/**
 * Due dates for `count` milestones spaced evenly from `today` to `deadline`, the last one on the
 * deadline. A deadline today or already past puts every milestone on the deadline.
 */
export function spreadDueDates(today: string, deadline: string, count: number): string[] {
  const span = Math.max(0, daysBetween(today, deadline));
  return Array.from({ length: count }, (_, i) => addDays(today, Math.round(((i + 1) * span) / count)));
}

/**
 * The fallback plan (docs/product.md#xp-rules: 30, 60 and 90 days; 25, 25 and 50 XP), scaled to the
 * quest's deadline when it has one: the checkpoints keep their thirds of the way and the XP its shares
 * of the total.
 * Without a deadline, or with one exactly 90 days out, it is that plan to the day, 'Month 1..3'
 * titles included; scaled to another span its checkpoints are not a month apart, so they are named by
 * their third of the way ('First third: lay the groundwork').
 */
export function fallbackMilestones(
  title: string,
  today: string,
  deadline: string | null,
  xpTotal: number = FALLBACK_PLAN.xpTotal,
): { deadline: string; milestones: PlannedMilestone[] } {
  const plan = fallbackGoalPlan(title, today);
  const target = deadline ?? plan.targetDate;
  const span = Math.max(0, daysBetween(today, target));
  const scaled = span !== FALLBACK_PLAN.targetDays;
  const shares = FALLBACK_PLAN.milestones.map((m) =>
    Math.floor((m.xpReward * xpTotal) / FALLBACK_PLAN.xpTotal),
  );
  const remainder = xpTotal - shares.reduce((a, b) => a + b, 0);
  shares[shares.length - 1]! += remainder;
  return {
    deadline: target,
    milestones: FALLBACK_PLAN.milestones.map((m, i) => ({
      title: scaled ? m.scaledTitle : m.title,
      dueDate: addDays(today, Math.round((m.afterDays * span) / FALLBACK_PLAN.targetDays)),
      xpReward: shares[i]!,
    })),
  };
}

export interface SuggestedPlanMilestone {
  title: string;
  dueDate: string | null;
  xpReward: number | null;
}

/**
 * Completes milestones a chat suggested: a missing due date is spread towards the deadline, missing XP
 * shares what is left of `xpTotal` (100 when not given). XP the total leaves over once every milestone
 * has its share is the quest's completion bonus. The deadline defaults to the last due date, else 90 days.
 */
export function planSuggestedMilestones(
  suggested: readonly SuggestedPlanMilestone[],
  today: string,
  deadline: string | null,
  xpTotal: number | null,
): { deadline: string; milestones: PlannedMilestone[]; completionBonusXp: number } {
  const dated = suggested.map((m) => m.dueDate).filter((d): d is string => d !== null);
  const target =
    deadline ?? (dated.length > 0 ? dated.sort().at(-1)! : addDays(today, FALLBACK_PLAN.targetDays));
  const spreadDates = spreadDueDates(today, target, suggested.length);
  const explicitXp = suggested.reduce((sum, m) => sum + (m.xpReward ?? 0), 0);
  const missingXp = suggested.filter((m) => m.xpReward === null).length;
  const shares = spreadXp(Math.max(0, (xpTotal ?? DEFAULT_QUEST_XP) - explicitXp), missingXp);
  const milestones = suggested.map((m, i) => ({
    title: m.title,
    dueDate: m.dueDate ?? spreadDates[i]!,
    xpReward: m.xpReward ?? shares.shift()!,
  }));
  const total = milestones.reduce((sum, m) => sum + m.xpReward, 0);
  return {
    deadline: target,
    milestones,
    completionBonusXp: xpTotal === null ? 0 : Math.max(0, xpTotal - total),
  };
}
