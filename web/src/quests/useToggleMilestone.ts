import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import type { User } from '../auth/user.ts';
import { refreshStreakSoon } from '../streaks/streakQueries.ts';
import { refreshQuests } from './questQueries.ts';
import { confirmTotals, movedBy, showXpChange } from './reconcileXp.ts';
import type { Goal, Milestone, MilestoneToggleResult } from './types.ts';

/**
 * The hero's totals after a toggle. `user` is null when the XP ledger did not confirm in time; the
 * header then moves at once by xpDelta, and `reconcileTotals` takes the server's totals once they
 * show the change.
 */
export function withXp(user: User, result: MilestoneToggleResult): User {
  if (result.user) return { ...user, totalXP: result.user.totalXP, lifeLevel: result.user.lifeLevel };
  return movedBy(user, result.xpDelta);
}

/**
 * The toggle answer carries the hero's new totals, so the header XP moves at once from the response
 * and the hero is not fetched again. Without them (auth was slow) the header moves by xpDelta and
 * stays there while the hero is re-fetched with a backoff until the server agrees. The quest lists
 * are refreshed either way.
 */
export function useToggleMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (milestoneId: string) =>
      api.post<MilestoneToggleResult>(`/api/milestones/${encodeURIComponent(milestoneId)}/toggle`),
    onSuccess: (result) => {
      if (result.user) {
        confirmTotals(queryClient, result.user);
      } else {
        showXpChange(queryClient, result.xpDelta);
      }
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
      refreshQuests(queryClient);
      refreshStreakSoon(queryClient);
    },
  });
}
