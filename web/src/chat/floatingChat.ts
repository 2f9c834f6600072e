import {
  AI_CONVERSATION_MAX,
  type ChatMessage,
  type CreateGoalAction,
  type FloatingChatReply,
} from '@lifequest/proto';
import { postStreamingWithFallback } from '../api/http.ts';

/** Spec 8: what the hero reads when The Pathfinder cannot be reached. */
export const CHAT_CONNECTION_FAILURE =
  'I encountered an issue connecting to The Pathfinder. Please try again.';
/** Spec 8: what the hero reads when the answer came back without a reply. */
export const CHAT_EMPTY_REPLY = 'I encountered an issue. Please try again.';

export function floatingChatGreeting(name: string): string {
  const hero = name.trim() || 'hero';
  return `Greetings, ${hero}! I am The Pathfinder. Tell me a goal that calls to you and I will shape it into a quest, or ask me how to stay on the path.`;
}

export interface FloatingChatLine {
  role: 'user' | 'assistant';
  content: string;
  actions?: CreateGoalAction[];
  /** One of the failure lines: shown to the hero, never sent back as part of the conversation. */
  failed?: boolean;
}

/** The conversation as the server reads it (spec 7: `{messages}`): no failure lines, the newest ones it takes. */
export function conversationFor(lines: readonly FloatingChatLine[]): ChatMessage[] {
  return lines
    .filter((line) => !line.failed && line.content.trim() !== '')
    .map(({ role, content }) => ({ role, content }))
    .slice(-AI_CONVERSATION_MAX);
}

/**
 * Asks the floating chat for its next line. Any failure, and an answer without a reply, becomes the
 * spec's failure line rather than an error, so the conversation always gets an answer to read.
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
    return { role: 'assistant', content: CHAT_CONNECTION_FAILURE, failed: true };
  }
  const text = typeof reply?.reply === 'string' ? reply.reply.trim() : '';
  if (text === '') return { role: 'assistant', content: CHAT_EMPTY_REPLY, failed: true };
  const actions = (reply?.actions ?? []).filter((action) => action?.type === 'CREATE_GOAL');
  return { role: 'assistant', content: text, actions };
}
