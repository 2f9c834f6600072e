import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import type { User } from '../auth/user.ts';
import type { Goal, Milestone, MilestoneToggleResult } from './types.ts';

/**
 * The toggle answer carries the hero's new totals, so the header XP moves at once from the
 * response; the follow-up invalidations then reconcile with the server.
 */
export function useToggleMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (milestoneId: string) =>
      api.post<MilestoneToggleResult>(`/api/milestones/${encodeURIComponent(milestoneId)}/toggle`),
    onSuccess: (result) => {
      queryClient.setQueryData<User | null>(queryKeys.me, (user) =>
        user ? { ...user, totalXP: result.user.totalXP, lifeLevel: result.user.lifeLevel } : user,
      );
      queryClient.setQueryData<Milestone[]>(queryKeys.milestones, (list) =>
        list?.map((milestone) => (milestone.id === result.milestone.id ? result.milestone : milestone)),
      );
      queryClient.setQueryData<Goal[]>(queryKeys.goals, (list) =>
        list?.map((goal) =>
          goal.id === result.goal.id
            ? { ...goal, progress: result.goal.progress, is_completed: result.goal.is_completed }
            : goal,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.milestones });
      void queryClient.invalidateQueries({ queryKey: queryKeys.goals });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.skillTree });
    },
  });
}
