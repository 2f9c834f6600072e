import { resolveInfra } from '@lifequest/platform/testing';
import { Redis } from 'ioredis';

/**
 * Every key of this run in Redis (sessions, rate limits, BullMQ's jobs, the rankings' sets) whose name or
 * content names a trace.
 */
export async function redisKeysNaming(prefix: string, traces: string[]): Promise<string[]> {
  const redis = new Redis((await resolveInfra('redis')) ?? 'redis://127.0.0.1:6379');
  try {
    const named: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      for (const key of keys) {
        const type = await redis.type(key);
        const content =
          type === 'hash'
            ? await redis.hgetall(key)
            : type === 'string'
              ? await redis.get(key)
              : type === 'list'
                ? await redis.lrange(key, 0, -1)
                : type === 'set'
                  ? await redis.smembers(key)
                  : type === 'zset'
                    ? await redis.zrange(key, '0', '-1')
                    : type === 'stream'
                      ? await redis.xrange(key, '-', '+')
                      : null;
        const text = `${key} ${JSON.stringify(content)}`.toLowerCase();
        for (const trace of traces) if (text.includes(trace.toLowerCase())) named.push(`${key}: ${trace}`);
      }
    } while (cursor !== '0');
    return named;
  } finally {
    redis.disconnect();
  }
}
