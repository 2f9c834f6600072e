import { hash, randomBytes } from 'node:crypto';

/** docs/architecture.md#sessions: thirty days, sliding — every use pushes the expiry out again. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface SessionData {
  userId: string;
  email: string;
}

export interface SessionStore {
  readonly kind: 'redis' | 'database';
  /** Creates a session and returns its id (the secret the client keeps). */
  create(data: SessionData): Promise<string>;
  /** The session's data, sliding its expiry; null when unknown or expired. */
  touch(sessionId: string): Promise<SessionData | null>;
  /**
   * The session's data when this process holds it in memory and `touch` would answer from there (no
   * slide), else undefined; only stores that keep copies have it (the replica's, replica-cache.ts).
   */
  kept?(sessionId: string): SessionData | undefined;
  destroy(sessionId: string): Promise<void>;
  destroyForUser(userId: string): Promise<void>;
  close(): Promise<void>;
}

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** Stores key sessions by a hash of their id, so a leaked store cannot be replayed as cookies. */
export function sessionKey(sessionId: string): string {
  return hash('sha256', sessionId, 'base64url');
}
