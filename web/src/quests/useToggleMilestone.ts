import { lifeLevelForXp } from '@lifequest/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import type { User } from '../auth/user.ts';
import type { Goal, Milestone, MilestoneToggleResult } from './types.ts';

/**
 * The hero's totals after a toggle. `user` is null when the XP ledger did not confirm in time; the
 * header still moves at once by xpDelta, and the refetch of the current user that follows corrects it.
 */
export function withXp(user: User, result: MilestoneToggleResult): User {
  if (result.user) return { ...user, totalXP: result.user.totalXP, lifeLevel: result.user.lifeLevel };
  const totalXP = Math.max(0, user.totalXP + result.xpDelta);
  return { ...user, totalXP, lifeLevel: lifeLevelForXp(totalXP) };
}

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
      queryClient.setQueryData<User | null>(queryKeys.me, (user) => (user ? withXp(user, result) : user));
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
