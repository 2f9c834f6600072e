import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import pg from 'pg';
import { describe, it } from 'vitest';

/**
 * Finds the real infrastructure a conformance suite runs against (docs/development.md#test-levels):
 * the URL from the environment, else the standard localhost port, else a testcontainers container
 * when a Docker engine answers, else nothing, said loudly.
 */
export type InfraKind = 'postgres' | 'rabbitmq' | 'redis';

interface InfraSpec {
  env: readonly string[];
  localUrl: string;
  port: number;
  image: string;
  containerEnv: Record<string, string>;
  waitLog: RegExp;
  waitTimes: number;
  url(host: string, port: number): string;
}

const SPECS: Record<InfraKind, InfraSpec> = {
  postgres: {
    env: ['TEST_DATABASE_URL', 'DATABASE_URL'],
    localUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
    port: 5432,
    image: 'postgres:16-alpine',
    containerEnv: { POSTGRES_HOST_AUTH_METHOD: 'trust' },
    // The official image logs this twice: once for the init server, once for the real one.
    waitLog: /database system is ready to accept connections/,
    waitTimes: 2,
    url: (host, port) => `postgres://postgres@${host}:${port}/postgres`,
  },
  rabbitmq: {
    env: ['TEST_AMQP_URL', 'AMQP_URL'],
    localUrl: 'amqp://guest:guest@127.0.0.1:5672',
    port: 5672,
    image: 'rabbitmq:4-alpine',
    containerEnv: {},
    waitLog: /Server startup complete/,
    waitTimes: 1,
    url: (host, port) => `amqp://guest:guest@${host}:${port}`,
  },
  redis: {
    env: ['TEST_REDIS_URL', 'REDIS_URL'],
    localUrl: 'redis://127.0.0.1:6379',
    port: 6379,
    image: 'redis:7-alpine',
    containerEnv: {},
    waitLog: /Ready to accept connections/,
    waitTimes: 1,
    url: (host, port) => `redis://${host}:${port}`,
  },
};

export interface ResolvedInfra {
  url: string;
  source: 'env' | 'localhost' | 'container';
}

const resolved = new Map<InfraKind, Promise<ResolvedInfra | null>>();
const reasons = new Map<InfraKind, string>();

/** The URL of a reachable `kind`, or null (with a loud warning) when there is none. Memoised per process. */
export async function resolveInfra(kind: InfraKind): Promise<string | null> {
  return (await resolveInfraDetails(kind))?.url ?? null;
}

export function resolveInfraDetails(kind: InfraKind): Promise<ResolvedInfra | null> {
  let pending = resolved.get(kind);
  if (!pending) {
    pending = findInfra(kind);
    resolved.set(kind, pending);
  }
  return pending;
}

/** Why `kind` is unavailable, once resolveInfra returned null. */
export function infraUnavailableReason(kind: InfraKind): string {
  return reasons.get(kind) ?? `${kind} was not resolved`;
}

async function findInfra(kind: InfraKind): Promise<ResolvedInfra | null> {
  const spec = SPECS[kind];
  for (const name of spec.env) {
    const value = process.env[name];
    if (value) return { url: value, source: 'env' };
  }
  if (await tcpReachable('127.0.0.1', spec.port)) return { url: spec.localUrl, source: 'localhost' };
  let containerError: string;
  try {
    const url = await startContainer(spec);
    return { url, source: 'container' };
  } catch (error) {
    containerError = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  }
  const reason =
    `no ${kind}: ${spec.env.join('/')} unset, nothing listens on 127.0.0.1:${spec.port}, ` +
    `and testcontainers could not start ${spec.image} (${containerError})`;
  reasons.set(kind, reason);
  console.warn(`\n!!! [lifequest infra] ${reason}. Suites that need ${kind} are SKIPPED.\n`);
  return null;
}

function tcpReachable(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function startContainer(spec: InfraSpec): Promise<string> {
  // Imported lazily: without a Docker engine its module is fine but start() throws, which means "fall back".
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(spec.image)
    .withExposedPorts(spec.port)
    .withEnvironment(spec.containerEnv)
    .withWaitStrategy(Wait.forLogMessage(spec.waitLog, spec.waitTimes))
    .withStartupTimeout(120_000)
    .start();
  return spec.url(container.getHost(), container.getMappedPort(spec.port));
}

/**
 * Declares a suite that needs real infrastructure: `await describeWithInfra('rabbitmq', 'bus', (url) => {...})`.
 * Without it the suite is skipped and says why; with CI=true a missing piece fails instead of hiding.
 */
export async function describeWithInfra(
  kind: InfraKind,
  name: string,
  fn: (url: string) => void,
): Promise<void> {
  const url = await resolveInfra(kind);
  if (url) {
    describe(name, () => fn(url));
    return;
  }
  const reason = infraUnavailableReason(kind);
  if (process.env.CI === 'true') {
    describe(name, () => {
      it(`needs ${kind}`, () => {
        throw new Error(`CI=true and ${reason}`);
      });
    });
    return;
  }
  console.warn(`!!! [lifequest infra] skipping "${name}": ${reason}`);
  // Skipped only off CI, when the service is neither configured, on its localhost port, nor startable
  // with testcontainers; the reason is in the suite's name and printed above. Under
  // CI=true the branch above turns the same situation into a failing test instead.
  describe.skip(`${name} (skipped: ${reason})`, () => fn(''));
}

/**
 * Whether a test that needs something beyond the infrastructure (a broker's CLI, say) is skipped: only
 * off CI, with `missing` (why it cannot run here, or null when it can) printed. Under CI=true it is never
 * skipped: the test runs and `failIfMissing` fails it with the same reason, so CI cannot hide it.
 */
export function skipOffCi(
  what: string,
  missing: string | null,
  env: Readonly<Record<string, string | undefined>> = process.env,
): { skip: boolean; failIfMissing(): void } {
  const skip = missing !== null && env.CI !== 'true';
  if (skip) console.warn(`!!! [lifequest infra] skipping ${what}: ${missing}`);
  return {
    skip,
    failIfMissing() {
      if (missing !== null) throw new Error(`CI=true and ${missing}`);
    },
  };
}

/** A short random tag for names a test run creates (queues, exchanges, databases), so runs never collide. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export interface IsolatedPostgres {
  /** A connection URL for a fresh, empty database of its own. */
  url: string;
  dispose(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * Creates a fresh database on the server at `baseUrl` for one test file, so suites running in parallel
 * (each service uses fixed schema names) never see each other's rows. `dispose` drops it.
 */
export async function createIsolatedDatabase(baseUrl: string, prefix = 'lq_test'): Promise<IsolatedPostgres> {
  const name = uniqueName(prefix).toLowerCase();
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const dispose = async () => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await client.end();
    }
  };
  return { url: url.toString(), dispose, [Symbol.asyncDispose]: dispose };
}
