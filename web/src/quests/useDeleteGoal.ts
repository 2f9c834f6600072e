import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { toast } from '../ui/toast/toastStore.ts';
import { refreshQuests } from './questQueries.ts';

export function useDeleteGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goalId: string) => api.delete<unknown>(`/api/goals/${encodeURIComponent(goalId)}`),
    onSuccess: () => {
      toast({ title: 'Goal Deleted', description: 'Your quest has been removed successfully.' });
      refreshQuests(queryClient);
    },
    onError: (error) => {
      toast({
        title: 'Delete Failed',
        description: error.message || 'Failed to delete goal',
        variant: 'destructive',
      });
    },
  });
}
