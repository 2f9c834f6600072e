import {
  type DashboardResponse,
  formatProgressValue,
  type GoalDetail,
  type ProgressEntry,
} from '@lifequest/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { queueProgress } from '../offline/checkOff.ts';
import { isNetworkFailure, isOnline } from '../offline/network.ts';
import { refreshQuests } from '../quests/questQueries.ts';
import { showXpChange } from '../quests/reconcileXp.ts';
import { refreshStreakSoon } from '../streaks/streakQueries.ts';
import { toast } from '../ui/toast/toastStore.ts';

export function useDashboard() {
  return useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: () => api.get<DashboardResponse>('/api/dashboard'),
  });
}

export function useGoalDetail(goalId: string | null) {
  return useQuery({
    queryKey: queryKeys.goalDetail(goalId ?? ''),
    queryFn: () => api.get<GoalDetail>(`/api/goals/${encodeURIComponent(goalId ?? '')}`),
    enabled: goalId !== null,
  });
}

/** A goal shows its last 5 progress entries, newest first. */
export const RECENT_PROGRESS_SHOWN = 5;

export function recentProgress(progress: GoalDetail['progress']): GoalDetail['progress'] {
  return [...progress].sort((a, b) => b.ts.localeCompare(a.ts)).slice(0, RECENT_PROGRESS_SHOWN);
}

export interface LogProgressInput {
  goalId: string;
  title: string;
  unit: string | null;
  /** Already read by parseProgressValue: seconds for 'min:s' goals. */
  value: number;
  note: string;
}

/** POST /api/progress `{goalId, value, note}`; a daily-log bonus moves the header XP at once. */
export function useLogProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ goalId, value, note }: LogProgressInput): Promise<ProgressEntry | null> => {
      const body = { goalId, value, note: note.trim() || null };
      // Without a connection the entry is queued and replayed later (docs/features/offline-app.md).
      if (!isOnline() && (await queueProgress(body))) return null;
      try {
        return await api.post<ProgressEntry>('/api/progress', body);
      } catch (error) {
        if (isNetworkFailure(error) && (await queueProgress(body))) return null;
        throw error;
      }
    },
    onSuccess: (entry, input) => {
      if (!entry) {
        toast({
          title: 'Saved offline',
          description: `${formatProgressValue(input.value, input.unit)} on "${input.title}" will be logged when you are back online.`,
        });
        return;
      }
      showXpChange(queryClient, entry.xpBonus);
      refreshQuests(queryClient);
      refreshStreakSoon(queryClient);
      const bonus = entry.xpBonus > 0 ? ` +${entry.xpBonus} XP for logging today.` : '';
      toast({
        title: 'Progress Recorded',
        description: `${formatProgressValue(entry.value, input.unit)} logged on "${input.title}".${bonus}`,
      });
    },
    onError: (error) => {
      toast({ title: 'Error', description: error.message, variant: 'destructive' });
    },
  });
}
