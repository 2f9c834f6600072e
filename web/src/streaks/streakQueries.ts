import type { StreakView, User } from '@lifequest/proto';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';

export const streakQuery = queryOptions({
  queryKey: queryKeys.streak,
  queryFn: () => api.get<StreakView>('/api/streaks/me'),
  // The day turns over while the app is open: the header's flame follows within a minute.
  refetchInterval: 60_000,
});

export function useStreak() {
  return useQuery(streakQuery);
}

/**
 * After a deed (a toggle, logged progress): social counts the day once it has the event, a moment after
 * the answer, so the streak is read now and once more shortly after.
 */
export function refreshStreakSoon(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.streak });
  setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.streak }), 1_500);
}

export function useVacation() {
  const queryClient = useQueryClient();
  const settle = (view: StreakView) => queryClient.setQueryData(queryKeys.streak, view);
  return {
    start: useMutation({
      mutationFn: (until: string) => api.put<StreakView>('/api/streaks/vacation', { until }),
      onSuccess: settle,
    }),
    end: useMutation({
      mutationFn: () => api.delete<StreakView>('/api/streaks/vacation'),
      onSuccess: settle,
    }),
  };
}

/** The browser's IANA time zone ('Europe/Paris'), or null when it cannot tell. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

export function useSetTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timezone: string) => api.patch<User>('/api/auth/me', { timezone }),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.me, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.streak });
    },
  });
}
