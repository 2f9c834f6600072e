import type { Foundation } from '@lifequest/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { translate } from '../i18n/translate.ts';
import { toast } from '../ui/toast/toastStore.ts';

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
        throw new Error(translate('foundations.failed.call'));
      }
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.goals });
      void queryClient.invalidateQueries({ queryKey: queryKeys.skillTree });
      toast({
        title: translate('foundations.assigned'),
        description: translate('foundations.assigned.body'),
      });
    },
    onError: (error) => {
      toast({
        title: translate('foundations.failed'),
        description: error.message || translate('foundations.failed.body'),
        variant: 'destructive',
      });
    },
  });
}
