import type { DashboardResponse, GoalDetail, ProgressEntry } from '@lifequest/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { formatCount, formatValue } from '../i18n/format.ts';
import { localeStore } from '../i18n/localeStore.ts';
import { errorTextNow, translate } from '../i18n/translate.ts';
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
      const locale = localeStore.current();
      if (!entry) {
        toast({
          title: translate('pathfinder.toast.offline'),
          description: translate('pathfinder.toast.offline.body', {
            value: formatValue(input.value, input.unit, locale),
            title: input.title,
          }),
        });
        return;
      }
      showXpChange(queryClient, entry.xpBonus);
      refreshQuests(queryClient);
      refreshStreakSoon(queryClient);
      const value = formatValue(entry.value, input.unit, locale);
      toast({
        title: translate('pathfinder.toast.recorded'),
        description:
          entry.xpBonus > 0
            ? translate('pathfinder.toast.recorded.bonus', {
                value,
                title: input.title,
                xp: formatCount(entry.xpBonus, locale),
              })
            : translate('pathfinder.toast.recorded.body', { value, title: input.title }),
      });
    },
    onError: (error) => {
      toast({ title: translate('toast.error'), description: errorTextNow(error), variant: 'destructive' });
    },
  });
}
