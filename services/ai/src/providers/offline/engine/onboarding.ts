import { readConversation, SMART_ORDER } from './coach.ts';
import { finalGoal, smartGoalData } from './quest.ts';
import type { CoachOnboardingReply, OnboardingInput } from './schemas.ts';
import { onboardingResponse } from './voice.ts';

// Onboarding step 4: The Pathfinder shapes the hero's first SMART goal. The whole conversation is
// re-read each turn; the incoming phase and smartGoalData are only echoed back when the hero has not
// said anything yet, because the messages are the source of truth.

export function onboardingTurn(input: OnboardingInput, today: Date): CoachOnboardingReply {
  const heroMessages = input.messages.filter((m) => m.role === 'user').map((m) => m.content);
  const { state, event } = readConversation(heroMessages, today, SMART_ORDER);
  const response = onboardingResponse(state, event, input.displayName, today, heroMessages.length);

  if (heroMessages.length === 0 && input.smartGoalData) {
    return { response, phase: input.phase, smartGoalData: input.smartGoalData, finalGoal: null };
  }
  // After a message about self-harm, no plan and no 'Start This Quest' button: only care.
  const ready = state.phase !== 'initial' && event.kind !== 'crisis';
  return {
    response,
    phase: ready ? state.phase : 'initial',
    // Keys the client added ride along; the coach's own keys are always recomputed.
    smartGoalData: { ...(input.smartGoalData ?? {}), ...smartGoalData(state, today) },
    finalGoal: ready ? finalGoal(state, today) : null,
  };
}
