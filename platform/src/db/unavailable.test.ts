import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../events/in-process-bus.ts';
import { createServiceEvents } from '../events/service-events.ts';
import { sqlClient } from '../events/sql-client.ts';
import { createHttpServer } from '../http/server.ts';
import { ServiceDirectory } from '../http/service-directory.ts';
import { createLogger } from '../logger.ts';
import { createIsolatedDatabase, describeWithInfra, type IsolatedPostgres } from '../testing/infra.ts';
import { type Database, openPostgres } from './database.ts';
import { isDatabaseUnavailable, wasNeverSent } from './unavailable.ts';

// The shapes a dropped PostgreSQL connection took under pg_terminate_backend (see services/quests'
// connection-loss test), as they reach the HTTP server's error table.
const adapterCause = { kind: 'postgres', code: '57P01', originalCode: '57P01', severity: 'FATAL' };
const SHAPES = {
  'Prisma P2039 (database error) with the SQLSTATE in its driver-adapter cause': Object.assign(
    new Error('Database error. Code: `57P01`.'),
    { code: 'P2039', meta: { driverAdapterError: { name: 'DriverAdapterError', cause: adapterCause } } },
  ),
  'Prisma P2010 (raw query failed), same cause': Object.assign(new Error('Raw query failed.'), {
    code: 'P2010',
    meta: { driverAdapterError: { cause: adapterCause } },
  }),
  'Prisma P1017 (server closed the connection)': Object.assign(new Error('closed'), { code: 'P1017' }),
  'Prisma P2024 (pool timeout)': Object.assign(new Error('timed out'), { code: 'P2024' }),
  'the adapter’s DriverAdapterError (BEGIN, COMMIT)': Object.assign(new Error('terminating connection'), {
    name: 'DriverAdapterError',
    cause: adapterCause,
  }),
  'the adapter’s ConnectionClosed kind': Object.assign(new Error('x'), {
    cause: { kind: 'ConnectionClosed' },
  }),
  'node-postgres: Connection terminated unexpectedly': new Error('Connection terminated unexpectedly'),
  'node-postgres: not queryable': new Error('Client has encountered a connection error and is not queryable'),
  'a socket: ECONNREFUSED': Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
  'SQLSTATE 57P03 (starting up)': Object.assign(new Error('the database system is starting up'), {
    code: '57P03',
  }),
  'SQLSTATE 08006': Object.assign(new Error('connection failure'), { code: '08006' }),
  'ioredis: Redis down past the retries': Object.assign(
    new Error('Reached the max retries per request limit'),
    {
      name: 'MaxRetriesPerRequestError',
    },
  ),
  'ioredis: Connection is closed.': new Error('Connection is closed.'),
};

describe('isDatabaseUnavailable', () => {
  it.each(Object.entries(SHAPES))('knows %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('leaves the caller’s mistakes and bugs alone', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('unique'), { code: 'P2002' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    const loop: { cause?: unknown; message: string } = { message: 'loop' };
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });

  it('tells a statement that never left the client from one that may have reached the server', () => {
    expect(wasNeverSent(SHAPES['node-postgres: not queryable'])).toBe(true);
    expect(wasNeverSent(SHAPES['the adapter’s DriverAdapterError (BEGIN, COMMIT)'])).toBe(false);
  });
});

it('answers a dropped database connection 503 SERVICE_UNAVAILABLE with Retry-After, from the one table', async () => {
  const app = await createHttpServer({ name: 'test', logger: createLogger('silent'), bodyLimitBytes: 1_000 });
  const entries = Object.entries(SHAPES);
  for (const [i, [, error]] of entries.entries()) {
    app.get(`/shape/${i}`, async () => {
      throw error;
    });
  }
  app.get('/bug', async () => {
    throw new TypeError('a bug');
  });
  for (const [i, [name]] of entries.entries()) {
    const res = await app.inject({ method: 'GET', url: `/shape/${i}` });
    expect(res.statusCode, name).toBe(503);
    expect(res.headers['retry-after'], name).toBe('1');
    expect(res.json(), name).toEqual({
      error: 'Service unavailable',
      message: 'The database is unavailable for a moment. Please try again.',
      code: 'SERVICE_UNAVAILABLE',
    });
  }
  expect((await app.inject({ method: 'GET', url: '/bug' })).statusCode).toBe(500);
  await app.close();
});

it('passes a service’s 503 and its Retry-After on through the service that called it', async () => {
  const inner = await createHttpServer({
    name: 'inner',
    logger: createLogger('silent'),
    bodyLimitBytes: 1_000,
  });
  inner.get('/internal/thing', async () => {
    throw new Error('Connection terminated unexpectedly');
  });
  await inner.listen({ port: 0, host: '127.0.0.1' });
  const directory = new ServiceDirectory('x'.repeat(32), 'outer', {
    inner: `http://127.0.0.1:${(inner.server.address() as AddressInfo).port}`,
  });
  const outer = await createHttpServer({
    name: 'outer',
    logger: createLogger('silent'),
    bodyLimitBytes: 1_000,
  });
  outer.get('/api/thing', () => directory.call('inner', 'GET', '/internal/thing'));
  const res = await outer.inject({ method: 'GET', url: '/api/thing' });
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('1');
  expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  await outer.close();
  await inner.close();
});

await describeWithInfra('postgres', 'a PostgreSQL connection dropped mid-work', (postgresUrl) => {
  let isolated: IsolatedPostgres;
  let database: Database;
  let admin: pg.Client;
  /** Holds the advisory lock, on the test's database (advisory locks are per database). */
  let holder: pg.Client;
  let dbName: string;

  beforeAll(async () => {
    isolated = await createIsolatedDatabase(postgresUrl);
    dbName = new URL(isolated.url).pathname.slice(1);
    database = await openPostgres(isolated.url, { max: 4 });
    await database.exec('create schema demo; create table demo.things (id uuid primary key, n int)');
    await database.exec(`create table demo._outbox (id uuid primary key, name text not null,
      payload jsonb not null, actor_id text, occurred_at timestamptz not null, claimed_at timestamptz,
      published_at timestamptz)`);
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    holder = new pg.Client({ connectionString: isolated.url });
    await holder.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await holder?.end();
    await database?.close();
    await isolated?.dispose();
  });

  // Each statement to be cut waits on an advisory lock the test holds (not on a timed sleep, which a
  // loaded machine could let finish before the test's look found it), so it is surely running when
  // terminated; the lock is let go once it is, and a retry on a fresh connection passes.
  const LOCK = 4242;
  const waitForTheTest = `pg_advisory_xact_lock_shared(${LOCK})`;

  /** Holds the lock the statement to be cut will wait on. */
  const holdTheLock = () => holder.query('select pg_advisory_lock($1)', [LOCK]);

  /** Terminates every connection of the test's database running `marker`, once one does; then lets go the lock. */
  async function terminateWhileWaiting(marker: string): Promise<number> {
    try {
      for (;;) {
        const { rowCount } = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = $1 and state = 'active' and query like $2 and query not like '%pg_stat_activity%'`,
          [dbName, `%${marker}%`],
        );
        if (rowCount) return rowCount;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [LOCK]);
    }
  }

  it('answers a plain read whose connection was terminated from a fresh connection', async () => {
    const adapter = await database.prismaAdapter().connect();
    await holdTheLock();
    const read = adapter.queryRaw({
      sql: `select 42 as answer from ${waitForTheTest} /* read-retry */`,
      args: [],
      argTypes: [],
    });
    expect(await terminateWhileWaiting('read-retry')).toBe(1);
    const result = await read;
    expect(result.rows).toEqual([[42]]);
  });

  it('does not retry a write whose connection was terminated: it may have happened', async () => {
    const adapter = await database.prismaAdapter().connect();
    await holdTheLock();
    const write = adapter.queryRaw({
      sql: `insert into demo.things (id, n) select $1::uuid, 1 from ${waitForTheTest} returning id /* write-once */`,
      args: [randomUUID()],
      argTypes: [{ scalarType: 'string', arity: 'scalar' }],
    });
    const settled = write.then(
      () => 'answered',
      (error: unknown) => (isDatabaseUnavailable(error) ? 'unavailable' : String(error)),
    );
    await terminateWhileWaiting('write-once');
    expect(await settled).toBe('unavailable');
  });

  it('runs a unit of work again when its connection is dropped before the commit, and commits it once', async () => {
    const bus = new InProcessEventBus();
    const events = createServiceEvents({
      schema: 'demo',
      publisher: 'quests',
      prisma: sqlClient(database),
      bus,
    });
    const id = randomUUID();
    await holdTheLock();
    let runs = 0;
    const work = events.transaction(async (tx) => {
      runs++;
      await tx.$executeRawUnsafe('insert into demo.things (id, n) values ($1::uuid, $2)', id, runs);
      await tx.$queryRawUnsafe(`select ${runs === 1 ? waitForTheTest : 1} /* unit-retry */`);
      return runs;
    });
    await terminateWhileWaiting('unit-retry');
    expect(await work).toBe(2);
    expect(await database.query('select n from demo.things where id = $1', [id])).toEqual([{ n: 2 }]);
    await bus.close();
  });
});
