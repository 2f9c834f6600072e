import type { HttpServer } from '@lifequest/platform';
import { type AccountThrottle, isAccountDeletion } from './account-throttle.ts';
import { SESSION_COOKIE } from './sessions/request-session.ts';
import type { SessionStore } from './sessions/store.ts';

/**
 * `DELETE /api/auth/me { password }` is auth's (docs/features/data-ownership.md#deletion): it checks the
 * password and deletes the hero, which starts the same purge as an admin's deletion. When auth accepted
 * (202), the gateway ends every session of the hero, on every replica, before the answer leaves, rather
 * than when user.deleted reaches it: the answer is the last thing any of the hero's sessions gets, and
 * the browser's cookie is cleared with it.
 */
export function endSessionsOnAccountDeletion(app: HttpServer, sessions: SessionStore): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'DELETE' || request.url.split('?')[0] !== '/api/auth/me') return payload;
    const userId = request.signedIn?.userId;
    if (reply.statusCode !== 202 || !userId) return payload;
    await sessions.destroyForUser(userId);
    // Replaces the session cookie the proxy refreshed on its way in.
    reply.header('set-cookie', `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    return payload;
  });
}

/**
 * A signed-in hero's `DELETE /api/auth/me` refused 401 gave a wrong password: one failed guess at their
 * account, counted where failed logins are (account-throttle.ts), so the two share one limit.
 */
export function countDeletionGuesses(app: HttpServer, throttle: () => AccountThrottle | undefined): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 401 && request.signedIn && isAccountDeletion(request)) {
      await throttle()?.failed(request);
    }
    return payload;
  });
}
