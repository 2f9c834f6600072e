import { Redis } from 'ioredis';
import { uniqueName } from './infra.ts';
import { deleteRabbitMqTopology } from './rabbitmq.ts';

const CONSUMERS = ['auth', 'quests', 'social', 'ai', 'admin', 'gateway'] as const;

export interface IsolatedInfraPrefix {
  /** Pass as INFRA_PREFIX to every process of one test: its own exchange, queues and Redis keys. */
  prefix: string;
  dispose(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * A broker and a Redis shared by concurrent test runs (and by developers) must not mix their events:
 * each distributed test gets a unique prefix, and leaves nothing behind when it is disposed.
 */
export function isolatedInfraPrefix(urls: {
  amqpUrl?: string | null;
  redisUrl?: string | null;
}): IsolatedInfraPrefix {
  const prefix = uniqueName('lqt').toLowerCase();
  const dispose = async () => {
    if (urls.amqpUrl) {
      await deleteRabbitMqTopology({ url: urls.amqpUrl, prefix }, CONSUMERS).catch(() => {});
    }
    if (urls.redisUrl) {
      const redis = new Redis(urls.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        await redis.connect();
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
          cursor = next;
          if (keys.length > 0) await redis.del(...keys);
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    }
  };
  return { prefix, dispose, [Symbol.asyncDispose]: dispose };
}
