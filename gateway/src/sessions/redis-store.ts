import { Redis } from 'ioredis';
import { z } from 'zod';
import { newSessionId, SESSION_TTL_SECONDS, type SessionStore, sessionKey } from './store.ts';

const Stored = z.object({ userId: z.string(), email: z.string() });

/** Sessions in Redis for the distributed mode: every gateway replica sees the same sessions. */
export function redisSessionStore(url: string, prefix = 'lifequest:'): SessionStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  redis.on('error', () => {}); // ioredis reconnects by itself; requests meanwhile fail with 503
  const key = (id: string) => `${prefix}session:${sessionKey(id)}`;
  const userKey = (userId: string) => `${prefix}user-sessions:${userId}`;
  return {
    kind: 'redis',
    async create(data) {
      const id = newSessionId();
      await redis
        .multi()
        .set(key(id), JSON.stringify(data), 'EX', SESSION_TTL_SECONDS)
        .sadd(userKey(data.userId), key(id))
        .expire(userKey(data.userId), SESSION_TTL_SECONDS)
        .exec();
      return id;
    },
    async touch(sessionId) {
      const raw = await redis.getex(key(sessionId), 'EX', SESSION_TTL_SECONDS);
      if (!raw) return null;
      const parsed = Stored.safeParse(JSON.parse(raw));
      if (!parsed.success) return null;
      // The hero's index must outlive every session it lists, or destroyForUser would miss one.
      await redis.expire(userKey(parsed.data.userId), SESSION_TTL_SECONDS);
      return parsed.data;
    },
    async destroy(sessionId) {
      const raw = await redis.getdel(key(sessionId));
      const parsed = raw ? Stored.safeParse(JSON.parse(raw)) : undefined;
      if (parsed?.success) await redis.srem(userKey(parsed.data.userId), key(sessionId));
    },
    async destroyForUser(userId) {
      const keys = await redis.smembers(userKey(userId));
      if (keys.length > 0) await redis.del(...keys);
      await redis.del(userKey(userId));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
