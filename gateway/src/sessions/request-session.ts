import { AppError, bearerToken, type HeroIdentity } from '@lifequest/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_SECONDS, type SessionData, type SessionStore } from './store.ts';

export const SESSION_COOKIE = 'lq_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The hero of the request's session, once the gateway authenticated it. */
    signedIn: HeroIdentity | null;
  }
}

/** The hero of the live session among a request's session ids; throws UNAUTHENTICATED without one. */
export type SessionIdentifier = (sessionIds: readonly string[]) => Promise<HeroIdentity>;

/**
 * Finds the request's live session and sets `request.signedIn` to its hero (UNAUTHENTICATED without
 * one). One identity per session look-up: while a replica keeps a session in memory, its requests share
 * the identity and, within its lifetime, its signature (`signed` in proxy.ts). `identify` is the same
 * look-up from the ids alone, for the proxy's hot path (hot-path.ts), which reads them off the headers.
 */
export function sessionAuthenticator(sessions: SessionStore, adminEmails: readonly string[]) {
  const identities = new WeakMap<SessionData, HeroIdentity>();
  const heroOf = (sessionId: string, session: SessionData): HeroIdentity => {
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
    return hero;
  };
  const identify: SessionIdentifier = async (sessionIds) => {
    const { sessionId, session } = await liveSession(sessionIds, sessions);
    return heroOf(sessionId, session);
  };
  /**
   * The same answer without a promise, when the store holds every id in memory (the replica's copies,
   * kept exactly as `touch` would answer from them); undefined otherwise, and for two heroes' sessions,
   * which `identify` refuses.
   */
  const identifyKept = (sessionIds: readonly string[]): HeroIdentity | undefined => {
    const kept = sessions.kept;
    if (!kept || sessionIds.length === 0) return undefined;
    let first: SessionData | undefined;
    for (const sessionId of sessionIds) {
      const session = kept(sessionId);
      if (!session || (first && first.userId !== session.userId)) return undefined;
      first ??= session;
    }
    return heroOf(sessionIds[0]!, first!);
  };
  const authenticate = async (request: FastifyRequest): Promise<void> => {
    request.signedIn = await identify(readSessionIds(request));
  };
  return Object.assign(authenticate, { identify, identifyKept });
}

/**
 * The live session the request is made in. A request may carry two ids, the signed cookie's and the
 * bearer's (docs/architecture.md#sessions: both are sent): it is the hero's when either is a live
 * session, so an ended session left in one (an old cookie after a logout elsewhere) does not hide a live
 * one in the other. Live sessions of two different heroes are refused rather than one of them picked.
 */
async function liveSession(
  ids: readonly string[],
  sessions: SessionStore,
): Promise<{ sessionId: string; session: SessionData }> {
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
  return sessionIdsOf(request.cookies[SESSION_COOKIE], request.headers.authorization, (value) =>
    request.unsignCookie(value),
  );
}

/** The same from the session cookie's raw value, the Authorization header and the cookie's signer. */
export function sessionIdsOf(
  cookie: string | undefined,
  authorization: string | undefined,
  unsign: (value: string) => { valid: boolean; value: string | null },
): string[] {
  const ids = new Set<string>();
  if (cookie) {
    const unsigned = unsign(cookie);
    if (unsigned.valid && unsigned.value) ids.add(unsigned.value);
  }
  const token = bearerToken(authorization);
  if (token && token !== 'null' && token !== 'undefined') ids.add(token);
  return [...ids];
}

/** The session cookie's attributes (docs/architecture.md#sessions), on every path that refreshes it. */
function sessionCookieOptions(protocol: string) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: protocol === 'https',
    signed: true,
    maxAge: SESSION_TTL_SECONDS,
  };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string): void {
  reply.setCookie(SESSION_COOKIE, sessionId, sessionCookieOptions(request.protocol));
}

/** The Set-Cookie value setSessionCookie has @fastify/cookie write, for a path without Fastify's reply. */
export function sessionCookieHeader(
  cookies: Pick<FastifyInstance, 'serializeCookie' | 'signCookie'>,
  sessionId: string,
  protocol: string,
): string {
  return cookies.serializeCookie(
    SESSION_COOKIE,
    cookies.signCookie(sessionId),
    sessionCookieOptions(protocol),
  );
}
