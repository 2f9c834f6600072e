// The floating chat bubble. Talks to the ai service's conversations (services/ai/src/conversations/:
// POST /api/ai/pathfinder-conversation without a phase); onboarding uses the same route with its phase.
import {
  AI_CONVERSATION_MAX,
  type ChatMessage,
  type CreateGoalAction,
  type FloatingChatReply,
  fallbackGoalPlan,
} from '@lifequest/proto';
import { postStreamingWithFallback } from '../api/http.ts';
import { translate } from '../i18n/translate.ts';

/** What the hero reads when The Pathfinder cannot be reached, in the hero's language. */
export function chatConnectionFailure(): string {
  return translate('chat.connectionFailure');
}
/** What the hero reads when the answer came back without a reply. */
export function chatEmptyReply(): string {
  return translate('chat.emptyReply');
}

/** The floating chat's first line, written here (not by The Pathfinder), so in the hero's language. */
export function floatingChatGreeting(name: string): string {
  return translate('chat.greeting', { hero: name.trim() || translate('chat.hero') });
}

export interface FloatingChatLine {
  role: 'user' | 'assistant';
  content: string;
  actions?: CreateGoalAction[];
  /** Quests The Pathfinder offered to re-plan (REPLAN_GOAL actions): the hero said they fell behind. */
  replans?: ReplanOffer[];
  /** One of the failure lines: shown to the hero, never sent back as part of the conversation. */
  failed?: boolean;
}

/** The conversation as the server reads it (`{messages}`): no failure lines, the newest ones it takes. */
export function conversationFor(lines: readonly FloatingChatLine[]): ChatMessage[] {
  return lines
    .filter((line) => !line.failed && line.content.trim() !== '')
    .map(({ role, content }) => ({ role, content }))
    .slice(-AI_CONVERSATION_MAX);
}

/**
 * Asks the floating chat for its next line. Any failure, and an answer without a reply, becomes the
 * product's failure line rather than an error, so the conversation always gets an answer to read.
 */
export async function askFloatingChat(
  lines: readonly FloatingChatLine[],
  handlers: { onDelta: (text: string) => void; onRestart: () => void },
): Promise<FloatingChatLine> {
  let reply: Partial<FloatingChatReply> | undefined;
  try {
    reply = await postStreamingWithFallback<Partial<FloatingChatReply>>(
      '/api/ai/pathfinder-conversation',
      { messages: conversationFor(lines) },
      handlers,
    );
  } catch {
    return { role: 'assistant', content: chatConnectionFailure(), failed: true };
  }
  const text = typeof reply?.reply === 'string' ? reply.reply.trim() : '';
  if (text === '') return { role: 'assistant', content: chatEmptyReply(), failed: true };
  const replans = readReplanActions(reply?.actions);
  return {
    role: 'assistant',
    content: text,
    actions: readCreateGoalActions(reply?.actions),
    ...(replans.length > 0 ? { replans } : {}),
  };
}

export interface ReplanOffer {
  goalId: string;
  title: string;
}

/** The REPLAN_GOAL actions of a floating chat reply, read as defensively as its CREATE_GOAL ones. */
export function readReplanActions(actions: unknown): ReplanOffer[] {
  if (!Array.isArray(actions)) return [];
  return actions.flatMap((action): ReplanOffer[] => {
    if (!isRecord(action) || action.type !== 'REPLAN_GOAL' || !isRecord(action.payload)) return [];
    const { goalId, title } = action.payload;
    return isText(goalId) && isText(title) ? [{ goalId, title }] : [];
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isDay(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
}

function isXp(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

type SuggestedMilestone = CreateGoalAction['payload']['milestones'][number];

function readMilestone(milestone: unknown): SuggestedMilestone | null {
  if (!isRecord(milestone)) return null;
  const { title, dueDate, xpReward } = milestone;
  return isText(title) && isDay(dueDate) && isXp(xpReward) ? { title, dueDate, xpReward } : null;
}

/**
 * The CREATE_GOAL actions of a floating chat reply, read defensively: the reply comes from a model,
 * and one action without its milestones once took the whole app down. (The web does not ship zod, so
 * the checks are by hand, mirroring proto's CreateGoalAction.) An action with a usable title but
 * unusable dates, XP or milestones becomes the fallback goal for that title (docs/product.md#pathfinder: 90 days,
 * 100 XP, milestones at 30, 60 and 90 days), as the ai service itself does; anything else is left out.
 */
export function readCreateGoalActions(actions: unknown): CreateGoalAction[] {
  if (!Array.isArray(actions)) return [];
  return actions.flatMap((action): CreateGoalAction[] => {
    if (!isRecord(action) || action.type !== 'CREATE_GOAL' || !isRecord(action.payload)) return [];
    const { title, targetDate, xpTotal, milestones } = action.payload;
    if (!isText(title)) return [];
    const read = Array.isArray(milestones) ? milestones.map(readMilestone) : [null];
    const usable = read.every((milestone) => milestone !== null);
    const payload =
      usable && isDay(targetDate) && isXp(xpTotal)
        ? { title, targetDate, xpTotal, milestones: read }
        : fallbackGoalPlan(title);
    return [{ type: 'CREATE_GOAL', payload }];
  });
}
