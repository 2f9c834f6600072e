// What an achievement story can be told of, kept apart from the ai schemas so the web's Stories page
// reads the same rule as the server without loading zod.

/** Why a story is refused to a hero who has completed nothing yet (NOTHING_TO_CELEBRATE). */
export const NOTHING_TO_CELEBRATE_MESSAGE =
  'Complete a milestone or a quest first: a story celebrates what you achieved.';

/**
 * Whether the epic story has something to tell: a completed quest, or at least a completed milestone
 * (with milestones but no quest done yet, the story celebrates the road so far: a
 * 'milestone_celebration'). A focused story needs its own quest completed, checked on its id.
 */
export function hasSomethingToCelebrate(deeds: {
  completedQuests: number;
  completedMilestones: number;
}): boolean {
  return deeds.completedQuests > 0 || deeds.completedMilestones > 0;
}
