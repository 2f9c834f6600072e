// The offline Pathfinder: the deterministic, rule-based SMART coach. No network and no I/O; `today` is
// always passed in. Behind OfflineProvider (../offline-provider.ts), it is the embedded default LLM engine
// and the AI service's test double.
//
// This file is the folder's only public entry: everything else in it is private (boundary.test.ts
// holds the rest of the ai service to that), so the engine can be reshaped without touching its users.

export { type AdvisorTurn, advisorTurn } from './advisor.ts';
export { floatingChatTurn } from './floating-chat.ts';
export { onboardingTurn } from './onboarding.ts';
export { type OfflineReplan, type OfflineReplanInput, replanQuest } from './replan.ts';
export type { CoachOnboardingReply, OnboardingInput, StoryInput, StoryReply } from './schemas.ts';
export { narrativeTypeOf, writeStory } from './stories.ts';
