import type { Database } from '@lifequest/platform';
import {
  newSessionId,
  SESSION_TTL_SECONDS,
  type SessionData,
  type SessionStore,
  sessionKey,
} from './store.ts';

/** Sessions in the embedded database, so a restart keeps heroes signed in. */
export function databaseSessionStore(db: Database): SessionStore {
  const ttl = `${SESSION_TTL_SECONDS} seconds`;
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
      const rows = await db.query<{ user_id: string; email: string }>(
        `update gateway.sessions set expires_at = now() + $2::interval
         where id_hash = $1 and expires_at > now() returning user_id, email`,
        [sessionKey(sessionId), ttl],
      );
      const row = rows[0];
      return row ? ({ userId: row.user_id, email: row.email } satisfies SessionData) : null;
    },
    async destroy(sessionId) {
      await db.query('delete from gateway.sessions where id_hash = $1', [sessionKey(sessionId)]);
    },
    async destroyForUser(userId) {
      await db.query('delete from gateway.sessions where user_id = $1', [userId]);
    },
    async close() {},
  };
}
