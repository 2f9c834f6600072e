import { AppError, bearerToken, type HeroIdentity } from '@lifequest/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_SECONDS, type SessionData, type SessionStore } from './store.ts';

export const SESSION_COOKIE = 'lq_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The hero of the request's session, once the gateway authenticated it. */
    signedIn: HeroIdentity | null;
  }
}

/**
 * Finds the request's live session and sets `request.signedIn` to its hero (UNAUTHENTICATED without
 * one). One identity per session look-up: while a replica keeps a session in memory, its requests share
 * the identity and, within its lifetime, its signature (`signed` in proxy.ts).
 */
export function sessionAuthenticator(sessions: SessionStore, adminEmails: readonly string[]) {
  const identities = new WeakMap<SessionData, HeroIdentity>();
  return async (request: FastifyRequest): Promise<void> => {
    const { sessionId, session } = await liveSession(request, sessions);
    let hero = identities.get(session);
    if (hero?.sessionId !== sessionId) {
      hero = {
        kind: 'hero',
        userId: session.userId,
        email: session.email,
        isAdmin: adminEmails.includes(session.email.toLowerCase()),
        sessionId,
      };
      identities.set(session, hero);
    }
    request.signedIn = hero;
  };
}

/**
 * The live session the request is made in. A request may carry two ids, the signed cookie's and the
 * bearer's (docs/architecture.md#sessions: both are sent): it is the hero's when either is a live
 * session, so an ended session left in one (an old cookie after a logout elsewhere) does not hide a live
 * one in the other. Live sessions of two different heroes are refused rather than one of them picked.
 */
async function liveSession(
  request: FastifyRequest,
  sessions: SessionStore,
): Promise<{ sessionId: string; session: SessionData }> {
  const ids = readSessionIds(request);
  const found = await Promise.all(ids.map((sessionId) => sessions.touch(sessionId)));
  let live: { sessionId: string; session: SessionData } | undefined;
  for (const [i, session] of found.entries()) {
    if (!session) continue;
    if (live && live.session.userId !== session.userId) {
      throw new AppError(
        'UNAUTHENTICATED',
        'The cookie and the bearer id are sessions of two different heroes. Sign in again.',
      );
    }
    live ??= { sessionId: ids[i]!, session };
  }
  if (!live) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  return live;
}

/** Every distinct session id the request carries: the signed cookie's first, then the bearer's. */
export function readSessionIds(request: FastifyRequest): string[] {
  const ids = new Set<string>();
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie) {
    const unsigned = request.unsignCookie(cookie);
    if (unsigned.valid && unsigned.value) ids.add(unsigned.value);
  }
  const token = bearerToken(request.headers.authorization);
  if (token && token !== 'null' && token !== 'undefined') ids.add(token);
  return [...ids];
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string): void {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    signed: true,
    maxAge: SESSION_TTL_SECONDS,
  });
}
