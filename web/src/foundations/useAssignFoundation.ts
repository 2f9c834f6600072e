import type { Foundation } from '@lifequest/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { toast } from '../ui/toast/toastStore.ts';

export const ASSIGN_FOUNDATION_FAILURE = 'Failed to assign foundation';

export interface AssignFoundationInput {
  goalId: string;
  /** A foundation name, or '' to make the goal unassigned again. */
  foundation: Foundation | '';
}

/** Assigning and removing are one call (docs/product.md#foundations), so they share the product's single pair of toasts. */
export function useAssignFoundation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ goalId, foundation }: AssignFoundationInput) => {
      try {
        return await api.patch<unknown>(`/api/goals/${encodeURIComponent(goalId)}/foundation`, {
          foundation,
        });
      } catch {
        throw new Error(ASSIGN_FOUNDATION_FAILURE);
      }
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.goals });
      void queryClient.invalidateQueries({ queryKey: queryKeys.skillTree });
      toast({
        title: 'Foundation Assigned',
        description: 'Goal has been assigned to foundation successfully',
      });
    },
    onError: (error) => {
      toast({
        title: 'Assignment Failed',
        description: error.message || 'Failed to assign goal to foundation',
        variant: 'destructive',
      });
    },
  });
}
