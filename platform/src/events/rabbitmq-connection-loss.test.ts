import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createEnvelope } from '@lifequest/proto';
import { afterAll, expect, it } from 'vitest';
import { type Database, openPostgres } from '../db/database.ts';
import {
  createIsolatedDatabase,
  describeWithInfra,
  resolveInfra,
  skipOffCi,
  uniqueName,
} from '../testing/infra.ts';
import { cuttableConnections, deleteRabbitMqTopology } from '../testing/rabbitmq.ts';
import { startTcpProxy } from '../testing/tcp-proxy.ts';
import { waitUntil } from '../testing/wait.ts';
import { capturingLogger, countEffects, createServiceSchema } from './bus.conformance.ts';
import { RabbitMqEventBus } from './rabbitmq-bus.ts';
import { createServiceEvents } from './service-events.ts';
import { sqlClient } from './sql-client.ts';

// Ids in events are UUIDs.
const HERO = '10000000-0000-4000-8000-000000000001';
const QUEST = '20000000-0000-4000-8000-000000000001';
const QUEST_2 = '20000000-0000-4000-8000-000000000002';
/** The `n`th id of a kind (2: quests, 3: milestones, 4: progress entries). */
const testId = (kind: number, n: number) => `${kind}0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const run = promisify(execFile);
const TOTAL = 5_000;
const PER_TRANSACTION = 100;
const postgresUrl = await resolveInfra('postgres');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

await describeWithInfra('rabbitmq', 'RabbitMQ connection loss', (amqpUrl) => {
  it(`consumes each of ${TOTAL} events exactly once in effect when connections are cut mid-stream`, async () => {
    if (!postgresUrl) throw new Error('this test needs PostgreSQL too (see the infra warning above)');
    const database = await createIsolatedDatabase(postgresUrl);
    cleanups.push(() => database.dispose());
    const db: Database = await openPostgres(database.url, { max: 20 });
    cleanups.push(() => db.close());
    await createServiceSchema(db, 'quests');
    await createServiceSchema(db, 'auth');
    await db.exec('create table auth.counter (n int not null); insert into auth.counter values (0);');

    const prefix = uniqueName('lqtest');
    const retry = { attempts: 5, baseDelayMs: 20, maxDelayMs: 200 };
    const publisherLog = capturingLogger();
    const consumerLog = capturingLogger();
    // Two processes: the publishing service and the consuming one, each with its own connection.
    const publisherLink = cuttableConnections();
    const consumerLink = cuttableConnections();
    const publisherBus = await RabbitMqEventBus.connect({
      url: amqpUrl,
      prefix,
      retry,
      log: publisherLog.log,
      connect: publisherLink.connect,
    });
    const consumerBus = await RabbitMqEventBus.connect({
      url: amqpUrl,
      prefix,
      retry,
      log: consumerLog.log,
      connect: consumerLink.connect,
    });
    cleanups.push(async () => {
      await publisherBus.close();
      await consumerBus.close();
      await deleteRabbitMqTopology({ url: amqpUrl, prefix, retry }, ['auth']);
    });

    const client = sqlClient(db);
    const quests = createServiceEvents({
      schema: 'quests',
      publisher: 'quests',
      prisma: client,
      bus: publisherBus,
      relay: { pollIntervalMs: 50 },
    });
    const auth = createServiceEvents({ schema: 'auth', publisher: 'auth', prisma: client, bus: consumerBus });
    cleanups.push(() => quests.stop());
    await auth.subscribe('auth', ['progress.logged'], async (event, tx) => {
      await tx.$executeRawUnsafe(
        `insert into auth.effects (consumer, event_id, name) values ('auth', $1::uuid, $2)`,
        event.id,
        event.name,
      );
      await tx.$executeRawUnsafe('update auth.counter set n = n + 1');
    });
    await quests.start();

    let effectsAtConsumerCut = -1;
    const watcher = waitUntil(
      'a thousand effects',
      async () => {
        const n = await countEffects(db, 'auth');
        if (n < 1_000) return false;
        consumerLink.cut();
        effectsAtConsumerCut = n;
        return true;
      },
      45_000,
      5,
    );

    let publishedAtPublisherCut = -1;
    for (let batch = 0; batch < TOTAL / PER_TRANSACTION; batch++) {
      await quests.transaction(async (_tx, emit) => {
        for (let i = 0; i < PER_TRANSACTION; i++) {
          const n = batch * PER_TRANSACTION + i;
          await emit(
            'progress.logged',
            {
              progressId: testId(4, n),
              goalId: QUEST,
              userId: HERO,
              value: n,
              unit: null,
              loggedAt: new Date().toISOString(),
            },
            HERO,
          );
        }
      });
      if (batch === TOTAL / PER_TRANSACTION / 2) {
        const [row] = await db.query<{ n: number }>(
          'select count(*)::int as n from quests._outbox where published_at is not null',
        );
        publishedAtPublisherCut = row?.n ?? 0;
        publisherLink.cut();
      }
    }
    await watcher;

    await waitUntil(
      'every event consumed',
      async () => (await countEffects(db, 'auth')) >= TOTAL,
      50_000,
      100,
    );
    await waitUntil('the outbox drained', async () => (await quests.backlog()) === 0, 20_000);
    await quests.flush();

    // The cuts really happened mid-stream, and both processes healed by themselves.
    expect(publishedAtPublisherCut).toBeLessThan(TOTAL);
    expect(effectsAtConsumerCut).toBeGreaterThanOrEqual(1_000);
    expect(effectsAtConsumerCut).toBeLessThan(TOTAL);
    expect(publisherLog.lines.some((l) => l.includes('RabbitMQ connection restored'))).toBe(true);
    expect(consumerLog.lines.some((l) => l.includes('RabbitMQ connection restored'))).toBe(true);
    expect(publisherBus.connected && consumerBus.connected).toBe(true);

    const [effects] = await db.query<{ total: number; distinct: number }>(
      'select count(*)::int as total, count(distinct event_id)::int as distinct from auth.effects',
    );
    expect(effects).toEqual({ total: TOTAL, distinct: TOTAL });
    const [counter] = await db.query<{ n: number }>('select n from auth.counter');
    expect(counter?.n).toBe(TOTAL);
    const [inbox] = await db.query<{ n: number }>('select count(*)::int as n from auth._inbox');
    expect(inbox?.n).toBe(TOTAL);
    expect(await consumerBus.listDeadLetters('auth')).toEqual([]);
  }, 90_000);
});

/** The broker's own pid for our connection, found by its name, when rabbitmqctl can talk to the broker. */
async function brokerConnectionPid(connectionName: string): Promise<string | null> {
  const { stdout } = await run('rabbitmqctl', ['-q', 'list_connections', 'pid', 'client_properties'], {
    timeout: 30_000,
  });
  const line = stdout.split('\n').find((l) => l.includes(`{"connection_name","${connectionName}"}`));
  return line?.split('\t')[0] ?? null;
}

const rabbitmqctlMissing = await run('rabbitmqctl', ['-q', 'status'], { timeout: 30_000 }).then(
  () => null,
  (error: Error) => `rabbitmqctl is not usable here (${error.message.split('\n')[0]})`,
);
const brokerClose = skipOffCi('the broker-side close test', rabbitmqctlMissing);

await describeWithInfra('rabbitmq', 'RabbitMQ closing the connection itself', (amqpUrl) => {
  // Skipped only off CI where the broker's CLI is unavailable (the reason is printed and in the name);
  // under CI=true it runs and fails on the missing CLI. The client-side cut above always runs.
  it.skipIf(brokerClose.skip)(
    `reconnects and goes on delivering after the broker closes the connection${
      brokerClose.skip ? ` (skipped: ${rabbitmqctlMissing})` : ''
    }`,
    async () => {
      brokerClose.failIfMissing();
      const prefix = uniqueName('lqtest');
      const connectionName = uniqueName('lq-conn');
      const { log, lines } = capturingLogger();
      const bus = await RabbitMqEventBus.connect({ url: amqpUrl, prefix, connectionName, log });
      try {
        const seen: string[] = [];
        await bus.subscribe('social', ['goal.deleted'], async (event) => {
          seen.push(event.id);
        });
        const before = createEnvelope('goal.deleted', { goalId: QUEST, userId: HERO }, null);
        await bus.publish(before);
        await waitUntil('the first event', () => seen.includes(before.id));

        const pid = await waitUntil('the connection at the broker', () =>
          brokerConnectionPid(connectionName),
        );
        await run('rabbitmqctl', ['-q', 'close_connection', pid, 'closed by the LifeQuest test'], {
          timeout: 30_000,
        });
        await waitUntil(
          'the reconnection',
          () => lines.some((l) => l.includes('RabbitMQ connection restored')),
          30_000,
        );

        const after = createEnvelope('goal.deleted', { goalId: QUEST_2, userId: HERO }, null);
        await bus.publish(after);
        await waitUntil('the event after the reconnection', () => seen.includes(after.id));
        expect(lines.some((l) => l.includes('closed by the LifeQuest test'))).toBe(true);
      } finally {
        await deleteRabbitMqTopology({ url: amqpUrl, prefix }, ['social']);
        await bus.close();
      }
    },
    90_000,
  );
});

await describeWithInfra('rabbitmq', 'RabbitMQ going away and coming back', (amqpUrl) => {
  it('keeps events committed while the broker is down and delivers them once it is back', async () => {
    if (!postgresUrl) throw new Error('this test needs PostgreSQL too (see the infra warning above)');
    const database = await createIsolatedDatabase(postgresUrl);
    const db = await openPostgres(database.url);
    const broker = new URL(amqpUrl);
    // The client only ever sees the proxy: taking it down is, for the client, the broker restarting.
    const proxy = await startTcpProxy({ host: broker.hostname, port: Number(broker.port || 5672) });
    const viaProxy = new URL(amqpUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const prefix = uniqueName('lqtest');
    const { log, lines } = capturingLogger();
    const bus = await RabbitMqEventBus.connect({
      url: viaProxy.toString(),
      prefix,
      log,
      connectTimeoutMs: 2_000,
      reconnectDelayMs: { initial: 50, max: 200 },
    });
    await createServiceSchema(db, 'quests');
    await createServiceSchema(db, 'social');
    const client = sqlClient(db);
    const quests = createServiceEvents({
      schema: 'quests',
      publisher: 'quests',
      prisma: client,
      bus,
      log,
      relay: { pollIntervalMs: 50 },
    });
    const social = createServiceEvents({ schema: 'social', publisher: 'social', prisma: client, bus });
    try {
      await social.subscribe('social', ['goal.deleted'], async (event, tx) => {
        await tx.$executeRawUnsafe(
          `insert into social.effects (consumer, event_id, name) values ('social', $1::uuid, $2)`,
          event.id,
          event.name,
        );
      });
      await quests.start();
      const record = (n: number) =>
        quests.transaction((_tx, emit) => emit('goal.deleted', { goalId: testId(2, n), userId: HERO }, HERO));
      await record(1);
      await waitUntil('the first event', async () => (await countEffects(db, 'social')) === 1);

      await proxy.down();
      for (let n = 2; n <= 20; n++) await record(n);
      // Publishing fails while the broker is away; the events wait in the outbox, none is lost.
      await waitUntil(
        'a failed publish',
        () => lines.some((l) => l.includes('outbox publish failed')),
        20_000,
      );
      expect(await quests.backlog()).toBeGreaterThan(0);
      expect(bus.connected).toBe(false);

      await proxy.up();
      await waitUntil('every event', async () => (await countEffects(db, 'social')) === 20, 30_000);
      await waitUntil('the outbox drained', async () => (await quests.backlog()) === 0, 30_000);
      expect(lines.some((l) => l.includes('RabbitMQ connection restored'))).toBe(true);
      const [effects] = await db.query<{ total: number; distinct: number }>(
        'select count(*)::int as total, count(distinct event_id)::int as distinct from social.effects',
      );
      expect(effects).toEqual({ total: 20, distinct: 20 });
    } finally {
      await quests.stop();
      await proxy.up();
      await deleteRabbitMqTopology({ url: amqpUrl, prefix }, ['social']).catch(() => {});
      await bus.close();
      await proxy.close();
      await db.close();
      await database.dispose();
    }
  }, 90_000);
});
