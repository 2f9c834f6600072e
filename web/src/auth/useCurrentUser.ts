import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { localeStore } from '../i18n/localeStore.ts';
import type { User } from './user.ts';

/** A failed current-user call means no user, so any failure resolves to null. */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    const user = await api.get<User>('/api/auth/me');
    // The hero's saved language follows them across devices (docs/features/languages.md).
    localeStore.follow(user.locale);
    return user;
  } catch {
    return null;
  }
}

export const currentUserQuery = queryOptions({ queryKey: queryKeys.me, queryFn: fetchCurrentUser });

export function useCurrentUser(): { user: User | null; isLoading: boolean } {
  const query = useQuery(currentUserQuery);
  return { user: query.data ?? null, isLoading: query.isPending };
}
