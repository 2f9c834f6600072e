import type { NotificationItem, NotificationPage } from '@lifequest/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';

/** The bell polls like the Fellowship Hall's requests do: a friend's like shows within seconds. */
export const NOTIFICATIONS_REFRESH_MS = 10_000;

export function useNotifications() {
  return useQuery({
    queryKey: queryKeys.notifications,
    queryFn: () => api.get<NotificationPage>('/api/notifications?limit=20'),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });
}

export function useReadNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<NotificationItem>(`/api/notifications/${encodeURIComponent(id)}/read`),
    onSuccess: (item) =>
      queryClient.setQueryData<NotificationPage>(queryKeys.notifications, (page) =>
        page
          ? {
              items: page.items.map((n) => (n.id === item.id ? item : n)),
              unread: Math.max(0, page.unread - (page.items.find((n) => n.id === item.id)?.read_at ? 0 : 1)),
            }
          : page,
      ),
  });
}

export function useReadAllNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ unread: number }>('/api/notifications/read-all'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
