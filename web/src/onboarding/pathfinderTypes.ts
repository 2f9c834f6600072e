export type ConversationPhase = 'initial' | 'ready' | 'complete';

export const SMART_PARTS = ['specific', 'measurable', 'achievable', 'relevant', 'timeBound'] as const;
export type SmartPart = (typeof SMART_PARTS)[number];

/** The five SMART parts, plus whatever else the server keeps there; the web round-trips it untouched. */
export type SmartGoalData = { [Part in SmartPart]: string | null } & Record<string, unknown>;

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface FinalGoal {
  title: string;
  deadline: string | null;
  milestones: string[];
}

export interface PathfinderRequest {
  messages: ChatMessage[];
  phase: ConversationPhase;
  primaryClass: string;
  displayName: string;
  smartGoalData: SmartGoalData;
}

export interface PathfinderReply {
  response: string;
  phase: ConversationPhase;
  smartGoalData: SmartGoalData | null;
  finalGoal: FinalGoal | null;
}

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
