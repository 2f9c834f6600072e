import type { EventPayloads } from './catalogue.ts';

/**
 * The payloads of a quest's completions, built here once for every producer (creating a quest with
 * milestones already done, a milestone's toggle), so each event always carries the same fields.
 */

/** The quest a completion is about, as it is when the event is emitted. */
export interface CompletedQuest {
  goalId: string;
  userId: string;
  title: string;
  /** Social maps it to a challenge class. */
  className: string;
  foundation: string | null;
}

/** The milestone completed, and its version after the completion. */
export interface CompletedMilestone {
  milestoneId: string;
  title: string;
  xpReward: number;
  version: number;
}

export function milestoneCompletedPayload(
  quest: CompletedQuest,
  milestone: CompletedMilestone,
  /** The plan's early_milestone bonus it earned (0 for none). */
  xpBonus: number,
): EventPayloads['milestone.completed'] {
  return {
    milestoneId: milestone.milestoneId,
    goalId: quest.goalId,
    userId: quest.userId,
    title: milestone.title,
    goalTitle: quest.title,
    xpReward: milestone.xpReward,
    xpBonus,
    version: milestone.version,
    className: quest.className,
    foundation: quest.foundation,
  };
}

export function goalCompletedPayload(
  quest: CompletedQuest,
  /** The quest's completion bonus, and its version after the completion. */
  completion: { xpBonus: number; version: number },
): EventPayloads['goal.completed'] {
  return {
    goalId: quest.goalId,
    userId: quest.userId,
    title: quest.title,
    foundation: quest.foundation,
    className: quest.className,
    xpBonus: completion.xpBonus,
    version: completion.version,
  };
}
