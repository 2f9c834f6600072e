import type { ChatMessage } from '@lifequest/proto';
import { crisisReply, detectsSelfHarm } from './self-harm.ts';

/**
 * A hero whose latest words suggest self-harm gets a supportive reply pointing to crisis help, from
 * every provider alike and before any model is asked: no plan, no quest, no tokens spent.
 */
export function crisisResponse(latest: string | undefined, name: string): string | null {
  return latest !== undefined && detectsSelfHarm(latest) ? crisisReply(name) : null;
}

/** The hero's latest message in a conversation. */
export function latestHeroMessage(messages: readonly ChatMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role === 'user') return messages[i]!.content;
  }
  return undefined;
}
