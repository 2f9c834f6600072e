import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, clearSessionId, storeSessionId } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { localeStore } from '../i18n/localeStore.ts';
import { browserTimeZone } from '../streaks/streakQueries.ts';
import type { AuthResponse, User } from './user.ts';

export interface LoginInput {
  email: string;
  password: string;
}

export interface RegisterInput extends LoginInput {
  name: string;
}

function useSignIn<Input>(url: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => api.post<AuthResponse>(url, input),
    onSuccess: ({ user, sessionId }) => {
      storeSessionId(sessionId);
      queryClient.setQueryData(queryKeys.me, user);
      localeStore.follow(user.locale);
      // The hero's days (streak, Monday review) follow the zone they sign in from; a failure here
      // only leaves the zone they had, which the profile can still change.
      const zone = browserTimeZone();
      if (zone && zone !== user.timezone) {
        api
          .patch<User>('/api/auth/me', { timezone: zone })
          .then((updated) => queryClient.setQueryData(queryKeys.me, updated))
          .catch(() => {});
      }
    },
  });
}

export function useLogin() {
  return useSignIn<LoginInput>('/api/auth/login');
}

export function useRegister() {
  return useSignIn<RegisterInput>('/api/auth/register');
}

/** A logout failure is only logged; the hero is signed out locally either way. */
export function useLogout(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.post('/api/auth/logout');
      } catch (error) {
        console.error('Logout failed', error);
      }
    },
    onSettled: () => {
      clearSessionId();
      // Setting (not removing) the current user keeps the auth gate's observer attached, so it
      // re-renders as logged out; everything else cached belonged to this hero and goes.
      queryClient.setQueryData(queryKeys.me, null);
      localeStore.follow(null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
      onDone();
    },
  });
}
