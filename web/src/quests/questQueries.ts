import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { QUEST_LISTS, queryKeys } from '../api/queryKeys.ts';
import type { Goal, Milestone } from './types.ts';

export const goalsQuery = queryOptions({
  queryKey: queryKeys.goals,
  queryFn: () => api.get<Goal[]>('/api/goals'),
});

export const milestonesQuery = queryOptions({
  queryKey: queryKeys.milestones,
  queryFn: () => api.get<Milestone[]>('/api/milestones'),
});

export function useGoals() {
  return useQuery(goalsQuery);
}

export function useMilestones() {
  return useQuery(milestonesQuery);
}

/**
 * Queries never go stale on their own (docs/product.md#screens), so a change to quests refreshes every list that shows
 * them: the dashboard, the Pathfinder page's cards and goal details, the skill tree, foundations.
 *
 * A read already on its way began before the change and may answer without it; landing after the
 * invalidation, it would mark the list fresh again, and a screen opened later would keep the old
 * figures. So such a read is cancelled first (a list on screen is read again at once; one off screen
 * is read when a screen shows it).
 */
export function refreshQuests(queryClient: QueryClient): void {
  for (const queryKey of QUEST_LISTS) {
    void queryClient.cancelQueries({ queryKey });
    void queryClient.invalidateQueries({ queryKey });
  }
}
