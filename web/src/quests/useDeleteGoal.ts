import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { errorTextNow, translate } from '../i18n/translate.ts';
import { toast } from '../ui/toast/toastStore.ts';
import { refreshQuests } from './questQueries.ts';

export function useDeleteGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goalId: string) => api.delete<unknown>(`/api/goals/${encodeURIComponent(goalId)}`),
    onSuccess: () => {
      toast({ title: translate('toast.goalDeleted'), description: translate('toast.goalDeleted.body') });
      refreshQuests(queryClient);
    },
    onError: (error) => {
      toast({
        title: translate('toast.deleteFailed'),
        description: errorTextNow(error) || translate('toast.deleteFailed.body'),
        variant: 'destructive',
      });
    },
  });
}
