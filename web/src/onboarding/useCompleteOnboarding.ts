import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { fetchCurrentUser } from '../auth/useCurrentUser.ts';
import type { OnboardingResult } from '../auth/user.ts';

export const COMPLETE_ONBOARDING_FAILURE = 'Failed to complete onboarding';

/** Lands the hero in the app: a full reload to the dashboard, where the first quest now waits. */
export function reloadIntoApp(): void {
  window.location.assign('/');
}

export function useCompleteOnboarding(reload: () => void = reloadIntoApp) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (result: OnboardingResult) => {
      try {
        await api.post('/api/auth/complete-onboarding', result);
      } catch (error) {
        // A retried call whose first try went through (its answer was lost): the hero is in.
        if (error instanceof ApiError && error.code === 'ALREADY_ONBOARDED') return;
        throw new Error(COMPLETE_ONBOARDING_FAILURE);
      }
    },
    onSuccess: async () => {
      await queryClient.fetchQuery({ queryKey: queryKeys.me, queryFn: fetchCurrentUser, staleTime: 0 });
      reload();
    },
  });
}
