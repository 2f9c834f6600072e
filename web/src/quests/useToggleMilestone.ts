import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import type { User } from '../auth/user.ts';
import { queueCheckOff } from '../offline/checkOff.ts';
import { isNetworkFailure, isOnline } from '../offline/network.ts';
import { centreOf, rewardTick } from '../rewards/rewardsStore.ts';
import type { SkillTreeResponse } from '../skill-tree/types.ts';
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
    mutationFn: async (milestoneId: string): Promise<MilestoneToggleResult | null> => {
      // Without a connection the check-off is queued and replayed later (docs/features/offline-app.md).
      if (!isOnline() && (await queueCheckOff(queryClient, milestoneId))) return null;
      try {
        return await api.post<MilestoneToggleResult>(
          `/api/milestones/${encodeURIComponent(milestoneId)}/toggle`,
        );
      } catch (error) {
        if (isNetworkFailure(error) && (await queueCheckOff(queryClient, milestoneId))) return null;
        throw error;
      }
    },
    onSuccess: (result) => {
      if (!result) return;
      const before = queryClient.getQueryData<User | null>(queryKeys.me);
      const cachedGoal = queryClient
        .getQueryData<Goal[]>(queryKeys.goals)
        ?.find((goal) => goal.id === result.goal.id);
      const openSkillsBefore = queryClient
        .getQueryData<SkillTreeResponse>(queryKeys.skillTree)
        ?.nodes.filter((node) => node.status !== 'locked')
        .map((node) => node.id);
      applyToggleResult(queryClient, result);
      const after = queryClient.getQueryData<User | null>(queryKeys.me);
      // docs/features/first-week.md#rewards: "+N XP" from the ticked row, a completed quest or a new
      // level celebrated.
      rewardTick(
        {
          xpDelta: result.xpDelta,
          levelBefore: before?.lifeLevel ?? 1,
          levelAfter: after?.lifeLevel ?? before?.lifeLevel ?? 1,
          questCompletedNow: result.goal.is_completed && !(cachedGoal?.is_completed ?? false),
          questTitle: cachedGoal?.title ?? '',
          ...(openSkillsBefore ? { openSkillsBefore } : {}),
        },
        // From the ticked row, or from the button that ticked it elsewhere ('Tick it').
        centreOf(
          document.querySelector(`[data-milestone-id="${CSS.escape(result.milestone.id)}"]`) ??
            (document.activeElement instanceof HTMLButtonElement ? document.activeElement : null),
        ),
      );
      refreshStreakSoon(queryClient);
    },
  });
}

/** Draws a toggle's (or a replayed set's) answer: the header XP, the milestone, its quest's progress. */
export function applyToggleResult(queryClient: QueryClient, result: MilestoneToggleResult): void {
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
}
