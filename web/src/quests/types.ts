/** Quest contracts, shared with the quests service. */
export type { Foundation, Goal, Milestone, MilestoneToggleResult } from '@lifequest/proto';
