import { useQuery } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import type { Goal, Milestone } from './types.ts';

export function useGoals() {
  return useQuery({ queryKey: queryKeys.goals, queryFn: () => api.get<Goal[]>('/api/goals') });
}

export function useMilestones() {
  return useQuery({ queryKey: queryKeys.milestones, queryFn: () => api.get<Milestone[]>('/api/milestones') });
}
