import type { Database } from '@lifequest/platform';
import {
  newSessionId,
  SESSION_TTL_SECONDS,
  type SessionData,
  type SessionStore,
  sessionKey,
} from './store.ts';

export interface DatabaseSessionStoreOptions {
  /**
   * How long a session, once slid in the database, is answered from memory. Its row then still has
   * thirty days less this to live, so it cannot expire meanwhile; the next use after it slides the
   * row again.
   */
  reuseMs?: number;
  /** Sessions held in memory at most (the oldest go first). */
  maxCached?: number;
}

/** A minute: a hero's session is written once a minute at most, however often the page polls. */
const REUSE_MS = 60_000;
const MAX_CACHED = 10_000;

interface Cached {
  data: SessionData;
  until: number;
}

/**
 * Sessions in the embedded database, so a restart keeps heroes signed in. Only one process opens a
 * data dir (the lock), so every write to the sessions passes through here: a session slid less than
 * a minute ago is answered from memory instead of another write per request (each one a transaction
 * and a WAL write on the thread that serves everyone), and logout and a hero's deletion remove it
 * from memory as they delete its row.
 */
export function databaseSessionStore(db: Database, options: DatabaseSessionStoreOptions = {}): SessionStore {
  const ttl = `${SESSION_TTL_SECONDS} seconds`;
  const reuseMs = options.reuseMs ?? REUSE_MS;
  const maxCached = options.maxCached ?? MAX_CACHED;
  const cache = new Map<string, Cached>();
  // Bumped by every destroy: a touch whose read began before one must not cache what it read.
  let destroyed = 0;

  const remember = (key: string, data: SessionData) => {
    cache.delete(key);
    cache.set(key, { data, until: Date.now() + reuseMs });
    if (cache.size > maxCached) cache.delete(cache.keys().next().value!);
  };

  return {
    kind: 'database',
    async create(data) {
      const id = newSessionId();
      await db.query('delete from gateway.sessions where expires_at < now()');
      await db.query(
        `insert into gateway.sessions (id_hash, user_id, email, expires_at)
         values ($1, $2, $3, now() + $4::interval)`,
        [sessionKey(id), data.userId, data.email, ttl],
      );
      return id;
    },
    async touch(sessionId) {
      const key = sessionKey(sessionId);
      const cached = cache.get(key);
      if (cached && cached.until > Date.now()) return { ...cached.data };
      cache.delete(key);
      const destroyedBefore = destroyed;
      const rows = await db.query<{ user_id: string; email: string }>(
        `update gateway.sessions set expires_at = now() + $2::interval
         where id_hash = $1 and expires_at > now() returning user_id, email`,
        [key, ttl],
      );
      const row = rows[0];
      if (!row) return null;
      const data: SessionData = { userId: row.user_id, email: row.email };
      if (destroyed === destroyedBefore) remember(key, data);
      return { ...data };
    },
    async destroy(sessionId) {
      const key = sessionKey(sessionId);
      destroyed++;
      cache.delete(key);
      await db.query('delete from gateway.sessions where id_hash = $1', [key]);
    },
    async destroyForUser(userId) {
      destroyed++;
      for (const [key, cached] of cache) if (cached.data.userId === userId) cache.delete(key);
      await db.query('delete from gateway.sessions where user_id = $1', [userId]);
    },
    async close() {
      cache.clear();
    },
  };
}
