import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchInfra, benchInfra } from './infra.ts';
import { type Running, startTarget } from './processes.ts';

export const PORTS = {
  embedded: 8100,
  gateway: 8110,
  auth: 8111,
  quests: 8112,
  social: 8113,
  ai: 8114,
  admin: 8115,
  'ai-worker': 8116,
  reference: 8120,
  nginx: 8121,
  nodeProxy: 8122,
  chrome: 8130,
} as const;

const SERVICES = ['auth', 'quests', 'social', 'ai', 'admin'] as const;

/** What every LifeQuest process of a bench run is given, on top of where things are. */
export const BENCH_ENV = {
  HOST: '127.0.0.1',
  // The product's own log level (info), as a new user runs it: logging is part of what a request costs.
  LOG_LEVEL: 'info',
  // The bench registers its heroes faster than a person would, and asks for more stories and replies.
  AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  AI_DAILY_TOKEN_BUDGET: '1000000000',
  // One hero asks the Pathfinder a few hundred times a minute here; a person is held to ten.
  AI_RATE_LIMIT_PER_MINUTE: '1000000',
};

export interface DistributedRun {
  infra: BenchInfra;
  internalSecret: string;
  gateway: Running;
  targets: Map<string, Running>;
  /** What the gateway was started with (another gateway in front of the same services takes it too). */
  gatewayEnv: Record<string, string>;
  close(): Promise<void>;
}

/**
 * The distributed mode: every target its own process (`--target <t>`, as the images run it) on
 * PostgreSQL, RabbitMQ and Redis, on the bench's own database and prefix.
 */
export async function startDistributed(
  extraEnv: Record<string, string> = {},
  nodeFlags: readonly string[] = [],
): Promise<DistributedRun> {
  const infra = await benchInfra();
  const internalSecret = randomBytes(32).toString('hex');
  const urls = Object.fromEntries(
    SERVICES.map((name) => [`${name.toUpperCase()}_URL`, `http://127.0.0.1:${PORTS[name]}`]),
  );
  const env = {
    ...BENCH_ENV,
    ...urls,
    DATABASE_URL: infra.databaseUrl,
    AMQP_URL: infra.amqpUrl,
    REDIS_URL: infra.redisUrl,
    INFRA_PREFIX: infra.prefix,
    INTERNAL_SECRET: internalSecret,
    LIFEQUEST_DATA_DIR: mkdtempSync(join(tmpdir(), 'lifequest-bench-')),
    ...extraEnv,
  };
  const targets = new Map<string, Running>();
  const close = async () => {
    await Promise.all([...targets.values()].map((t) => t.stop()));
    await infra.dispose();
  };
  try {
    // Migrations take an advisory lock per schema, so the services may boot side by side.
    await Promise.all(
      [...SERVICES, 'ai-worker' as const].map(async (name) => {
        targets.set(name, await startTarget(name, env, PORTS[name], nodeFlags));
      }),
    );
    const gatewayEnv = { ...env, SESSION_SECRET: randomBytes(32).toString('hex') };
    const gateway = await startTarget('gateway', gatewayEnv, PORTS.gateway, nodeFlags);
    targets.set('gateway', gateway);
    return { infra, internalSecret, gateway, targets, gatewayEnv, close };
  } catch (error) {
    await close();
    throw error;
  }
}
