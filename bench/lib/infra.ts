import { randomBytes } from 'node:crypto';
import { deleteRabbitMqTopology } from '@lifequest/platform';
import { Redis } from 'ioredis';
import pg from 'pg';

export interface BenchInfra {
  /** PostgreSQL URL of the run's own database. */
  databaseUrl: string;
  amqpUrl: string;
  redisUrl: string;
  /** The run's INFRA_PREFIX: its own exchange, queues and Redis keys on a shared broker. */
  prefix: string;
  dispose(): Promise<void>;
}

const CONSUMERS = ['auth', 'quests', 'social', 'ai', 'admin', 'gateway'];

/**
 * The distributed mode's parts, each run on its own names: a fresh database on the PostgreSQL server,
 * a fresh prefix on RabbitMQ and Redis. Everything is removed again afterwards. The URLs come from
 * BENCH_DATABASE_URL / BENCH_AMQP_URL / BENCH_REDIS_URL, else the standard local ports.
 */
export async function benchInfra(env = process.env): Promise<BenchInfra> {
  const serverUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const amqpUrl = env.BENCH_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
  const redisUrl = env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const id = randomBytes(4).toString('hex');
  const database = `lq_bench_${id}`;
  const prefix = `lqbench${id}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return {
    databaseUrl: url.toString(),
    amqpUrl,
    redisUrl,
    prefix,
    async dispose() {
      await deleteRabbitMqTopology({ url: amqpUrl, prefix }, CONSUMERS).catch(() => {});
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
      redis.disconnect();
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${database} with (force)`);
      await drop.end();
    },
  };
}
