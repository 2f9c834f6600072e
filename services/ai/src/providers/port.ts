import type {
  ChatMessage,
  ConversationPhase,
  FloatingChatReply,
  Locale,
  OnboardingReply,
  Plan,
  ReplanSource,
  SmartGoalData,
} from '@lifequest/proto';

import type { ModelUsage } from '../metering/usage.ts';

// Metering owns what a call cost; providers report it through this port.
export type { ModelUsage };

export interface CallOptions {
  /** Today for the hero (deadlines and milestone dates are computed from it). */
  today: Date;
  /** Aborts the call, e.g. when the client of a stream went away. */
  signal?: AbortSignal;
  /** Present when the client asked for a stream: receives the reply text as it is written. */
  onDelta?: (text: string) => void;
  /** Called for every model request with its usage, also when the request broke off midway. */
  onUsage(usage: ModelUsage): void;
  /** The hero's language: a model is asked to answer in it; the offline engine speaks English only. */
  locale?: Locale;
}

/** What a hero's chat turn lends a provider call: the client's abort signal and its stream. */
export type TurnIo = Pick<CallOptions, 'signal' | 'onDelta' | 'locale'>;

export interface OnboardingTask {
  messages: ChatMessage[];
  phase: ConversationPhase;
  primaryClass: string;
  displayName: string;
  smartGoalData: SmartGoalData | null;
}

export interface FloatingChatTask {
  messages: ChatMessage[];
}

export interface AdvisorTask {
  message: string;
  /** The hero's earlier advisor conversation, oldest first. */
  history: ChatMessage[];
}

export interface AdvisorAnswer {
  reply: string;
  /** A plan for the hero to confirm, or null while the coach still needs to know more. */
  plan: Plan | null;
}

export interface StoryAchievementInput {
  title: string;
  foundation: string | null;
  completedAt: string | null;
  milestones: string[];
}

export interface StoryTask {
  kind: 'epic' | 'focused';
  heroName: string;
  achievements: StoryAchievementInput[];
  foundationProgress: Record<string, number>;
}

export interface ReplanTask {
  /** The quest as quests keeps it: its milestones in plan order, completed ones included. */
  quest: ReplanSource;
  /** yyyy-mm-dd the hero asked for, or null to let The Pathfinder judge. */
  newDeadline: string | null;
  /** What the hero said about it ("I need more time", "smaller steps"), or null. */
  note: string | null;
}

/** A milestone still to walk, as a re-plan proposes it. */
export interface ReplannedMilestone {
  /** The quest's open milestone this one re-dates (its id), or null for a new one (a split or merge). */
  id: string | null;
  label: string;
  /** yyyy-mm-dd */
  due_date: string;
  xp_reward: number;
}

/**
 * A re-plan: the open milestones only (completed ones are never the model's to change) and the reasons.
 * The ai service checks it and turns it into a Plan (replan/draft.ts).
 */
export interface ReplanProposal {
  reply: string;
  reasons: string[];
  milestones: ReplannedMilestone[];
}

/** One call of a Pathfinder task, as `LlmProvider.allowance` weighs it before it is made. */
export type ProviderCall =
  | { kind: 'onboarding'; task: OnboardingTask }
  | { kind: 'floatingChat'; task: FloatingChatTask }
  | { kind: 'advisor'; task: AdvisorTask }
  | { kind: 'story'; task: StoryTask }
  | { kind: 'replan'; task: ReplanTask };

/**
 * The one port to a language model (docs/architecture.md#ai). Each method is a Pathfinder task rather than a
 * raw completion, so the offline engine can answer it without pretending to be a chat model, and an
 * LLM's answer is validated against the same contract before anyone sees it.
 */
export interface LlmProvider {
  readonly name: 'openai' | 'offline';
  readonly model: string;
  /**
   * The most tokens this call can spend, known before it is made: its prompt counted with tiktoken plus
   * the longest answer the call may write. The meter reserves it against the hero's daily budget.
   */
  allowance(call: ProviderCall, today: Date): Promise<number>;
  onboarding(task: OnboardingTask, options: CallOptions): Promise<OnboardingReply>;
  floatingChat(task: FloatingChatTask, options: CallOptions): Promise<FloatingChatReply>;
  advisor(task: AdvisorTask, options: CallOptions): Promise<AdvisorAnswer>;
  story(task: StoryTask, options: CallOptions): Promise<{ story: string }>;
  /** Re-plans a quest that fell behind (docs/features/replan.md). */
  replan(task: ReplanTask, options: CallOptions): Promise<ReplanProposal>;
}
