import type { AdminDeletion, AdminUserRow, TokenStats } from '@lifequest/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { translate } from '../i18n/translate.ts';
import { toast } from '../ui/toast/toastStore.ts';

/** While a deletion is under way the list is read again this often, until the hero is gone. */
export const DELETION_POLL_MS = 2_000;

export function useAdminUsers() {
  return useQuery({
    queryKey: queryKeys.adminUsers,
    queryFn: () => api.get<AdminUserRow[]>('/api/admin/users'),
    refetchInterval: (query) =>
      query.state.data?.some((user) => user.deletion !== null) ? DELETION_POLL_MS : false,
  });
}

export function useTokenStats(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.tokenStats,
    queryFn: () => api.get<TokenStats>('/api/admin/token-stats'),
    enabled,
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: AdminUserRow) =>
      api.delete<AdminDeletion>(`/api/admin/users/${encodeURIComponent(user.id)}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tokenStats });
      toast({ title: translate('admin.deleted'), description: translate('admin.deleted.body') });
    },
    onError: () => {
      toast({
        title: translate('toast.deleteFailed'),
        description: translate('admin.deleteFailed.body'),
        variant: 'destructive',
      });
    },
  });
}
