// Re-planning a quest that fell behind. Asks the ai service's replan (services/ai/src/replan/: POST
// /api/advisor/replan) and confirms with quests (services/quests/src/plans/: POST /api/plans/confirm).
import type { Plan, PlanDraftResponse, QuestWithMilestones, ReplanBody, ReplanReply } from '@lifequest/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { errorTextNow, translate } from '../i18n/translate.ts';
import { refreshQuests } from '../quests/questQueries.ts';
import { toast } from '../ui/toast/toastStore.ts';

/** Asks The Pathfinder for a re-plan of the quest (POST /api/advisor/replan): a draft, nothing changed yet. */
export function useRequestReplan() {
  return useMutation({
    mutationFn: (body: ReplanBody) => api.post<ReplanReply>('/api/advisor/replan', body),
  });
}

/**
 * Confirms the re-plan (POST /api/plans/confirm with its goal_id): quests updates the quest in place,
 * so every list of quests and the quest's own detail refresh.
 */
export function useConfirmReplan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ plan, draftId, title }: { plan: Plan; draftId: string; title: string }) =>
      api.post<QuestWithMilestones>('/api/plans/confirm', {
        ...plan,
        goal: { ...plan.goal, title: title.trim() || plan.goal.title },
        draftId,
      }),
    onSuccess: (quest) => {
      queryClient.setQueryData<PlanDraftResponse>(queryKeys.planDraft, { plan: null, draftId: null });
      refreshQuests(queryClient);
      void queryClient.invalidateQueries({ queryKey: queryKeys.goalDetail(quest.goal.id) });
      toast({
        title: translate('replan.done'),
        description: translate('replan.done.body', { title: quest.goal.title }),
      });
    },
    onError: (error) => {
      toast({ title: translate('toast.error'), description: errorTextNow(error), variant: 'destructive' });
    },
  });
}
