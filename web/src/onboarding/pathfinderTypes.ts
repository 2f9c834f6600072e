import type { SmartGoalData, SmartPart } from '@lifequest/proto';
import type { MessageKey } from '../i18n/messages/en.ts';

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

/** Each SMART part's name in the catalogues ('Specific', 'Específica', 'Spezifisch'). */
export const SMART_LABELS: Record<SmartPart, MessageKey> = {
  specific: 'onboarding.smart.specific',
  measurable: 'onboarding.smart.measurable',
  achievable: 'onboarding.smart.achievable',
  relevant: 'onboarding.smart.relevant',
  timeBound: 'onboarding.smart.timeBound',
};

export function isSmartPartSet(data: SmartGoalData, part: SmartPart): boolean {
  const value = data[part];
  return typeof value === 'string' && value.trim() !== '';
}
