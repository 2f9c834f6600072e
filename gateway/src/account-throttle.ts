import { createHash } from 'node:crypto';
import { AppError, type HttpServer } from '@lifequest/platform';
import type { FastifyRequest } from 'fastify';

const ONE_HOUR_MS = 60 * 60_000;

/**
 * Password guesses per account, whoever makes them: the per-client limit stops one client, this stops
 * many clients (or one with many addresses) guessing one hero's password. Only failed logins count, so
 * a hero who knows their password is never slowed by their own successes; while an account is over the
 * line, every login to it answers 429 with `Retry-After`, the right password included.
 *
 * Kept in the rate-limit plugin's store, like the per-client limit: Redis when distributed (shared by
 * every gateway replica), this process's memory when embedded.
 */
export function accountThrottle(app: HttpServer, maxFailuresPerHour: number) {
  const limiter = app.createRateLimit({
    max: maxFailuresPerHour,
    timeWindow: ONE_HOUR_MS,
    // The address is hashed: the store (Redis when distributed) holds no one's e-mail.
    keyGenerator: (request: FastifyRequest) =>
      `login-account:${createHash('sha256').update(accountOf(request)).digest('hex')}`,
  });

  return {
    /** Refuses (429, Retry-After) when the account has had its failures for the hour. */
    async check(request: FastifyRequest): Promise<void> {
      const state = await limiter(request, { increment: false });
      if (!state.isAllowed && state.remaining === 0) {
        throw new AppError(
          'RATE_LIMITED',
          `Too many failed sign-ins to this account. Try again in ${Math.ceil(state.ttlInSeconds / 60)} minutes.`,
          { retryAfterSeconds: state.ttlInSeconds },
        );
      }
    },
    /** Counts one failed login (or wrong password to delete the account) against the account. */
    async failed(request: FastifyRequest): Promise<void> {
      await limiter(request);
    },
  };
}

/**
 * `DELETE /api/auth/me` asks for the password too: a wrong one is a guess at the signed-in hero's account
 * like a failed login, or anyone holding a session could guess without end (docs/features/data-ownership.md#deletion).
 */
export const isAccountDeletion = (request: FastifyRequest) =>
  request.method === 'DELETE' && request.url.split('?')[0] === '/api/auth/me';

/** The account a request guesses at: the signed-in hero's when deleting it, else the login's e-mail. */
function accountOf(request: FastifyRequest): string {
  if (isAccountDeletion(request)) return request.signedIn?.email.toLowerCase() ?? '';
  return (request.body as { email: string }).email;
}

export type AccountThrottle = ReturnType<typeof accountThrottle>;
