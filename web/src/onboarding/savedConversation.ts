import type { SavedOnboardingConversation } from '@lifequest/proto';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/http.ts';

export const SAVED_CONVERSATION_KEY = ['/api/ai/pathfinder-conversation'] as const;

/**
 * The onboarding conversation the ai service saved at the last turn. Read afresh each time the chat
 * step opens (never from an older copy: the hero may have said more since); a failure reads as none,
 * and the chat starts with the greeting as it always did.
 */
export function useSavedConversation() {
  return useQuery({
    queryKey: SAVED_CONVERSATION_KEY,
    queryFn: async () => {
      try {
        return (await api.get<SavedOnboardingConversation>('/api/ai/pathfinder-conversation')).conversation;
      } catch {
        return null;
      }
    },
    gcTime: 0,
  });
}
