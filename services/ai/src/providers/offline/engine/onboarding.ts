import { ENGLISH_ONLY } from './answering.ts';
import { readConversation, SMART_ORDER } from './coach.ts';
import { inAnotherLanguage } from './frame.ts';
import { finalGoal, smartGoalData } from './quest.ts';
import type { CoachOnboardingReply, OnboardingInput } from './schemas.ts';
import { onboardingResponse } from './voice.ts';

// Onboarding step 4: The Pathfinder shapes the hero's first SMART goal. The whole conversation is
// re-read each turn; the incoming phase and smartGoalData are only echoed back when the hero has not
// said anything yet, because the messages are the source of truth.

export function onboardingTurn(input: OnboardingInput, today: Date): CoachOnboardingReply {
  const said = input.messages.filter((m) => m.role === 'user').map((m) => m.content);
  // A message in another language is not read into the goal; the last one is answered in English.
  const heroMessages = said.filter((m) => !inAnotherLanguage(m));
  const { state, event } = readConversation(heroMessages, today, SMART_ORDER);
  const foreign = said.length > 0 && inAnotherLanguage(said.at(-1)!);
  const response = foreign
    ? ENGLISH_ONLY
    : onboardingResponse(state, event, input.displayName, today, heroMessages.length);

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
