import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { toast } from '../ui/toast/toastStore.ts';

export function useDeleteGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goalId: string) => api.delete<unknown>(`/api/goals/${encodeURIComponent(goalId)}`),
    onSuccess: () => {
      toast({ title: 'Goal Deleted', description: 'Your quest has been removed successfully.' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.goals });
      void queryClient.invalidateQueries({ queryKey: queryKeys.milestones });
      void queryClient.invalidateQueries({ queryKey: queryKeys.skillTree });
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
