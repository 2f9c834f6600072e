import {
  type DashboardResponse,
  formatProgressValue,
  type GoalDetail,
  type ProgressEntry,
} from '@lifequest/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
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

/** Spec 2 and 9: a goal shows its last 5 progress entries, newest first. */
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
    mutationFn: ({ goalId, value, note }: LogProgressInput) =>
      api.post<ProgressEntry>('/api/progress', { goalId, value, note: note.trim() || null }),
    onSuccess: (entry, input) => {
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
