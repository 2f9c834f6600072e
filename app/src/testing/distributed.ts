import { randomBytes } from 'node:crypto';
import { urlVariable } from '@lifequest/platform';
import {
  createIsolatedDatabase,
  freePort,
  type IsolatedPostgres,
  isolatedInfraPrefix,
  resolveInfra,
} from '@lifequest/platform/testing';
import { registry } from '../registry.ts';
import { startTarget, type TargetProcess } from './processes.ts';

/** A module's target or a module's worker target (`auth`, `ai-worker`, ...). */
export type BackendTarget = string;

export interface DistributedLifeQuest {
  gateway: TargetProcess;
  /** Every gateway replica (`options.gateways`), the first being `gateway`: one Redis, one set of services. */
  gateways: TargetProcess[];
  /** The secret internal calls are signed with (the ops routes: event stats, dead letters). */
  internalSecret: string;
  /** The prefix of this run's RabbitMQ exchanges and queues (and Redis keys). */
  infraPrefix: string;
  /** The test's own PostgreSQL database (every service's schema is in it). */
  database: IsolatedPostgres;
  /** The running process of a target. */
  target(name: BackendTarget): TargetProcess;
  /** Stops a target (SIGTERM) and returns its exit code. */
  stop(name: BackendTarget): Promise<number | null>;
  /** Starts a stopped target again on the same port with the same configuration. */
  restart(name: BackendTarget): Promise<TargetProcess>;
  /** One more gateway replica beside the first (same secrets, same Redis), stopped by close(). */
  anotherGateway(): Promise<TargetProcess>;
  close(): Promise<void>;
}

/**
 * The distributed mode as in production: each target its own process on PostgreSQL, RabbitMQ and Redis,
 * behind a gateway that knows only the targets started here. Ports are fixed up front, so services that
 * call each other (auth ↔ quests) know each other's address, and a restarted target comes back on it.
 */
export async function startDistributed(
  postgresUrl: string,
  targets: readonly BackendTarget[],
  /** More variables for every process (ADMIN_PASSWORD, say). */
  env: Record<string, string> = {},
  options: {
    /** What the targets connect to instead of the broker itself (a TCP proxy a test can cut). */
    brokerUrl?: (amqpUrl: string) => string;
    /** How many gateway replicas to start (default 1), as behind a load balancer. */
    gateways?: number;
  } = {},
): Promise<DistributedLifeQuest> {
  const [redisUrl, amqpUrl] = [await resolveInfra('redis'), await resolveInfra('rabbitmq')];
  if (!redisUrl || !amqpUrl) throw new Error('the distributed mode needs Redis and RabbitMQ as well');
  const database = await createIsolatedDatabase(postgresUrl);
  const infra = isolatedInfraPrefix({ amqpUrl, redisUrl });
  const shared = {
    INTERNAL_SECRET: randomBytes(32).toString('hex'),
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    INFRA_PREFIX: infra.prefix,
    REDIS_URL: redisUrl,
    AMQP_URL: amqpUrl,
    ...env,
  };
  const ports = new Map<BackendTarget, number>();
  for (const name of targets) ports.set(name, await freePort());
  const urls: Record<string, string> = {};
  for (const [name, port] of ports) {
    // Worker targets serve no routes: only modules get a `<NAME>_URL`.
    if (registry.modules.some((m) => m.name === name)) urls[urlVariable(name)] = `http://127.0.0.1:${port}`;
  }
  const envOf = (name: BackendTarget) => ({
    ...shared,
    ...urls,
    DATABASE_URL: database.url,
    ...(options.brokerUrl ? { AMQP_URL: options.brokerUrl(amqpUrl) } : {}),
    PORT: String(ports.get(name)),
  });

  const running = new Map<BackendTarget, TargetProcess>();
  const gateways: TargetProcess[] = [];
  const gatewayEnv = { ...shared, ...urls, SESSION_SECRET: randomBytes(32).toString('hex') };
  const close = async () => {
    for (const replica of gateways) await replica.stop();
    for (const name of [...targets].reverse()) await running.get(name)?.stop();
    await database.dispose();
    await infra.dispose();
  };
  try {
    for (const name of targets) running.set(name, await startTarget(name, envOf(name)));
    for (let i = 0; i < Math.max(1, options.gateways ?? 1); i++) {
      gateways.push(await startTarget('gateway', gatewayEnv));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    gateway: gateways[0]!,
    gateways,
    internalSecret: shared.INTERNAL_SECRET,
    infraPrefix: infra.prefix,
    database,
    target(name) {
      const process = running.get(name);
      if (!process) throw new Error(`${name} was not started`);
      return process;
    },
    async stop(name) {
      return (await running.get(name)?.stop('SIGTERM')) ?? null;
    },
    async restart(name) {
      const process = await startTarget(name, envOf(name));
      running.set(name, process);
      return process;
    },
    async anotherGateway() {
      const replica = await startTarget('gateway', gatewayEnv);
      gateways.push(replica);
      return replica;
    },
    close,
  };
}
