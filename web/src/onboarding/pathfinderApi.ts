// Onboarding's conversation with The Pathfinder. Talks to the ai service's conversations
// (services/ai/src/conversations/: POST /api/ai/pathfinder-conversation with a phase).
import { api } from '../api/http.ts';
import type { OnboardingReply, PathfinderConversationBody } from './pathfinderTypes.ts';

export const PATHFINDER_FAILURE_MESSAGE = 'Failed to get response from The Pathfinder';

/** The bot's words when a reply cannot be had; the hero may simply say it again. */
export const PATHFINDER_FAILURE_BOT_MESSAGE =
  'Forgive me, adventurer. The mystical winds have clouded my thoughts momentarily. Could you repeat your last words?';

/** Refining sends a refine message; the server keeps the phase at 'ready' or goes back a step. */
export const REFINE_MESSAGE = "I'd like to refine this goal further.";

/**
 * 'Start This Quest' sends this confirmation in phase 'ready'; the server answers phase 'complete'
 * with the finalGoal. The server stays the single author of the final goal (title, deadline, milestones).
 */
export const START_QUEST_MESSAGE = "I'm ready. Let's start this quest!";

export async function askPathfinder(request: PathfinderConversationBody): Promise<OnboardingReply> {
  try {
    return await api.post<OnboardingReply>('/api/ai/pathfinder-conversation', request);
  } catch {
    throw new Error(PATHFINDER_FAILURE_MESSAGE);
  }
}
