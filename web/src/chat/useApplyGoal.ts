import type { CreatedGoal, CreateGoalAction } from '@lifequest/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { errorTextNow, translate } from '../i18n/translate.ts';
import { refreshQuests } from '../quests/questQueries.ts';
import { toast } from '../ui/toast/toastStore.ts';

/**
 * Applies a CREATE_GOAL action of the floating chat: POST /api/goals with its payload (the quests API
 * takes `targetDate`, `xpTotal` and `milestones` as they come), then goals and milestones refresh
 * (docs/product.md#pathfinder). Success shows in the suggestion itself ('Added to your quests'); a toast there would cover
 * the chat's message box.
 */
export function useApplyGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CreateGoalAction) => api.post<CreatedGoal>('/api/goals', action.payload),
    onSuccess: () => refreshQuests(queryClient),
    onError: (error) => {
      toast({ title: translate('toast.error'), description: errorTextNow(error), variant: 'destructive' });
    },
  });
}
