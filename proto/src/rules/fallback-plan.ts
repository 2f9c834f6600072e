// The goal the floating chat offers when The Pathfinder gives no usable plan (docs/product.md#pathfinder): a 90-day quest
// worth 100 XP, checked at 30, 60 and 90 days. It is the payload of a CREATE_GOAL action.
import { addDays, type DateInput, toIsoDate } from './time.ts';

//
// When a quest scales the plan to its own deadline (quests' fallbackMilestones), the checkpoints keep
// their thirds of the way but no longer fall a month apart, so they take `scaledTitle` instead.
export const FALLBACK_PLAN = {
  targetDays: 90,
  xpTotal: 100,
  milestones: [
    {
      afterDays: 30,
      xpReward: 25,
      title: 'Month 1: lay the groundwork',
      scaledTitle: 'First third: lay the groundwork',
    },
    {
      afterDays: 60,
      xpReward: 25,
      title: 'Month 2: build momentum',
      scaledTitle: 'Second third: build momentum',
    },
    {
      afterDays: 90,
      xpReward: 50,
      title: 'Month 3: complete the quest',
      scaledTitle: 'Final third: complete the quest',
    },
  ],
} as const;

export const FALLBACK_GOAL_TITLE = 'My New Quest';

export interface FallbackMilestone {
  title: string;
  /** ISO yyyy-mm-dd. */
  dueDate: string;
  xpReward: number;
}

export interface FallbackGoal {
  title: string;
  /** ISO yyyy-mm-dd. */
  targetDate: string;
  xpTotal: number;
  milestones: FallbackMilestone[];
}

/**
 * Builds the fallback goal for `title`, dated from `today`. A yyyy-mm-dd string is taken as the
 * calendar day itself; a Date or timestamp counts by its UTC day, so the result does not depend on the
 * time zone of the machine that computes it.
 */
export function fallbackGoalPlan(title: string, today: DateInput = new Date()): FallbackGoal {
  const start = typeof today === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(today) ? today : toIsoDate(today);
  return {
    title: title.trim() || FALLBACK_GOAL_TITLE,
    targetDate: addDays(start, FALLBACK_PLAN.targetDays),
    xpTotal: FALLBACK_PLAN.xpTotal,
    milestones: FALLBACK_PLAN.milestones.map((milestone) => ({
      title: milestone.title,
      dueDate: addDays(start, milestone.afterDays),
      xpReward: milestone.xpReward,
    })),
  };
}
