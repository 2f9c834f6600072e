// OfflinePathfinder: the deterministic, rule-based SMART coach. No network and no I/O; `today` is
// always passed in. It is the embedded default LLM engine and the AI service's test double.

export { advisorTurn } from './advisor.ts';
export { addDays, formatLongDate, toIsoDate } from './calendar.ts';
export { type Deadline, readDeadline } from './deadline.ts';
export type { Category, Foundation, LifeClass } from './domain.ts';
export { assessFeasibility, type Difficulty, type Feasibility, type Verdict } from './feasibility.ts';
export { FALLBACK_DAYS, FALLBACK_XP, floatingChatTurn } from './floating-chat.ts';
export {
  buildMilestonePlan,
  GOAL_XP,
  type MilestonePlanInput,
  milestoneCount,
  splitXp,
  xpBonuses,
} from './milestones.ts';
export { onboardingTurn } from './onboarding.ts';
export { crisisReply, detectsSelfHarm } from './safety.ts';
export * from './schemas.ts';
export { narrativeTypeOf, writeStory } from './stories.ts';
export { type Measure, readMeasure, type Target } from './target.ts';
