import type { SmartGoalData, SmartPart } from '@lifequest/proto';

/** The onboarding conversation contracts, shared with the ai service. */
export type {
  ChatMessage,
  ConversationPhase,
  FinalGoal,
  OnboardingReply,
  PathfinderConversationBody,
  SmartGoalData,
  SmartPart,
} from '@lifequest/proto';
export { SMART_PARTS } from '@lifequest/proto';

export const EMPTY_SMART_GOAL: SmartGoalData = {
  specific: null,
  measurable: null,
  achievable: null,
  relevant: null,
  timeBound: null,
};

export const SMART_LABELS: Record<SmartPart, string> = {
  specific: 'Specific',
  measurable: 'Measurable',
  achievable: 'Achievable',
  relevant: 'Relevant',
  timeBound: 'Time-bound',
};

export function isSmartPartSet(data: SmartGoalData, part: SmartPart): boolean {
  const value = data[part];
  return typeof value === 'string' && value.trim() !== '';
}
