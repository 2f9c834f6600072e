import { Writable } from 'node:stream';
import { createEnvelope, type EventEnvelope } from '@lifequest/proto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { eventTablesSql } from '../db/platform-tables.ts';
import type { Logger } from '../logger.ts';
import { waitUntil } from '../testing/wait.ts';
import { OutboxRelay } from './outbox.ts';
import type { EventBus } from './ports.ts';
import type { RetryPolicy } from './retry.ts';
import { createServiceEvents } from './service-events.ts';
import { sqlClient } from './sql-client.ts';

// Ids in events are UUIDs.
const HERO = '10000000-0000-4000-8000-000000000001';
const QUEST = '20000000-0000-4000-8000-000000000001';
const QUEST_9 = '20000000-0000-4000-8000-000000000009';
/** The `n`th id of a kind (2: quests, 3: milestones, 4: progress entries). */
const testId = (kind: number, n: number) => `${kind}0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** What the event conformance suite needs from one adapter. */
export interface BusWorld {
  db: Database;
  /** The retry policy every bus from openBus uses (tiny delays, few attempts). */
  retry: RetryPolicy;
  /** A bus on the world's broker; a second one is another process (RabbitMQ) or the same one (in-process). */
  openBus(): Promise<EventBus>;
  dispose(): Promise<void>;
}

let counter = 0;
/** Unique per test: schemas and consumer names never collide between tests or runs. */
export function uniqueSuffix(): string {
  counter++;
  return `${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}${counter}`;
}

/** A service schema with the platform's event tables and an `effects` table consumers write into. */
export async function createServiceSchema(db: Database, schema: string): Promise<void> {
  await db.exec(`create schema if not exists "${schema}";
    ${eventTablesSql(schema)}
    create table if not exists "${schema}".effects (consumer text not null, event_id uuid not null, name text not null);`);
}

export async function countEffects(db: Database, schema: string, consumer?: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `select count(*)::int as n from "${schema}".effects where $1::text is null or consumer = $1`,
    [consumer ?? null],
  );
  return rows[0]?.n ?? 0;
}

/** A pino logger whose lines a test can search (to see, e.g., that a duplicate was skipped). */
export function capturingLogger(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino({ level: 'debug' }, stream), lines };
}

function milestoneCompleted(n: number): EventEnvelope<'milestone.completed'> {
  return createEnvelope(
    'milestone.completed',
    {
      milestoneId: testId(3, n),
      goalId: QUEST,
      userId: HERO,
      title: `Step ${n}`,
      goalTitle: 'Quest',
      xpReward: 10,
    },
    HERO,
  );
}

/**
 * The event conformance suite (docs/architecture.md#events), run against each EventBus adapter
 * together with the outbox, the relay and the inbox on a real database.
 */
export function describeEventBusConformance(name: string, makeWorld: () => Promise<BusWorld>): void {
  describe(`${name}: event bus conformance`, () => {
    let world: BusWorld;
    const buses: EventBus[] = [];
    const relays: { stop(): Promise<void> }[] = [];

    beforeAll(async () => {
      world = await makeWorld();
    }, 120_000);

    afterAll(async () => {
      for (const relay of relays) await relay.stop().catch(() => {});
      for (const bus of buses) await bus.close().catch(() => {});
      await world?.dispose();
    });

    async function openBus(): Promise<EventBus> {
      const bus = await world.openBus();
      buses.push(bus);
      return bus;
    }

    /** Three services, each on its own schema: quests publishes, auth and social consume. */
    async function services(bus: EventBus, log?: Logger) {
      const suffix = uniqueSuffix();
      const schemas = { quests: `q_${suffix}`, auth: `a_${suffix}`, social: `s_${suffix}` };
      for (const schema of Object.values(schemas)) await createServiceSchema(world.db, schema);
      const client = sqlClient(world.db);
      const make = (schema: string) => {
        const events = createServiceEvents({
          schema,
          // Every event of this suite is one of quests'; the schemas are per-run names.
          publisher: 'quests',
          prisma: client,
          bus,
          log,
          relay: { pollIntervalMs: 50 },
        });
        relays.push(events);
        return events;
      };
      return {
        schemas,
        consumers: { auth: `auth_${suffix}`, social: `social_${suffix}` },
        quests: make(schemas.quests),
        auth: make(schemas.auth),
        social: make(schemas.social),
      };
    }

    async function recordEffect(
      tx: { $executeRawUnsafe(q: string, ...v: unknown[]): Promise<number> },
      schema: string,
      consumer: string,
      event: EventEnvelope,
    ) {
      await tx.$executeRawUnsafe(
        `insert into "${schema}".effects (consumer, event_id, name) values ($1, $2::uuid, $3)`,
        consumer,
        event.id,
        event.name,
      );
    }

    it('delivers a committed event once to every subscribed service, and not to others', async () => {
      const bus = await openBus();
      const s = await services(bus);
      await s.auth.subscribe(s.consumers.auth, ['milestone.completed'], (event, tx) =>
        recordEffect(tx, s.schemas.auth, s.consumers.auth, event),
      );
      await s.social.subscribe(s.consumers.social, ['milestone.completed', 'goal.created'], (event, tx) =>
        recordEffect(tx, s.schemas.social, s.consumers.social, event),
      );
      let others = 0;
      await s.social.subscribe(`other_${s.consumers.social}`, ['goal.deleted'], async () => {
        others++;
      });
      await s.quests.start();

      const event = await s.quests.transaction((_tx, emit) =>
        emit('milestone.completed', milestoneCompleted(1).payload, HERO),
      );

      await waitUntil(
        'both consumers',
        async () =>
          (await countEffects(world.db, s.schemas.auth)) === 1 &&
          (await countEffects(world.db, s.schemas.social)) === 1,
      );
      await waitUntil('the outbox row marked sent', async () => (await s.quests.backlog()) === 0);
      // Give a stray second delivery the chance to show up before counting.
      await s.quests.flush();
      expect(await countEffects(world.db, s.schemas.auth)).toBe(1);
      expect(await countEffects(world.db, s.schemas.social)).toBe(1);
      const [effect] = await world.db.query<{ event_id: string }>(
        `select event_id from "${s.schemas.auth}".effects`,
      );
      expect(effect?.event_id).toBe(event.id);
      expect(others).toBe(0);
    });

    it('gives one consumer several subscriptions on its one queue, and refuses a name twice', async () => {
      const bus = await openBus();
      const s = await services(bus);
      await s.auth.subscribe(s.consumers.auth, ['milestone.completed'], (event, tx) =>
        recordEffect(tx, s.schemas.auth, s.consumers.auth, event),
      );
      await s.auth.subscribe(s.consumers.auth, ['goal.deleted'], (event, tx) =>
        recordEffect(tx, s.schemas.auth, s.consumers.auth, event),
      );
      await expect(s.auth.subscribe(s.consumers.auth, ['goal.deleted'], async () => {})).rejects.toThrow(
        /already handles 'goal.deleted'/,
      );
      await bus.publish(milestoneCompleted(9));
      await bus.publish(createEnvelope('goal.deleted', { goalId: QUEST_9, userId: HERO }, HERO));
      await waitUntil('both events', async () => (await countEffects(world.db, s.schemas.auth)) === 2);
      const names = await world.db.query<{ name: string }>(
        `select name from "${s.schemas.auth}".effects order by name`,
      );
      expect(names.map((r) => r.name)).toEqual(['goal.deleted', 'milestone.completed']);
    });

    it('rolls back the event with the state change: nothing is published for an aborted transaction', async () => {
      const bus = await openBus();
      const s = await services(bus);
      await s.auth.subscribe(s.consumers.auth, ['milestone.completed'], (event, tx) =>
        recordEffect(tx, s.schemas.auth, s.consumers.auth, event),
      );
      await expect(
        s.quests.transaction(async (_tx, emit) => {
          await emit('milestone.completed', milestoneCompleted(2).payload, HERO);
          throw new Error('the state change failed');
        }),
      ).rejects.toThrow('the state change failed');
      await s.quests.flush();
      expect(await s.quests.backlog()).toBe(0);
      const rows = await world.db.query(`select 1 from "${s.schemas.quests}"._outbox`);
      expect(rows).toHaveLength(0);
    });

    it('refuses to record or publish an event that fails its schema', async () => {
      const bus = await openBus();
      const s = await services(bus);
      const bad = { ...milestoneCompleted(3).payload, xpReward: 'lots' } as never;
      await expect(
        s.quests.transaction((_tx, emit) => emit('milestone.completed', bad, HERO)),
      ).rejects.toThrow(/payload\.xpReward/);
      await expect(bus.publish({ ...milestoneCompleted(4), payload: bad })).rejects.toThrow(
        /payload\.xpReward/,
      );
    });

    it('retries a throwing handler, dead-letters it after the configured attempts, and replay delivers it', async () => {
      const bus = await openBus();
      const s = await services(bus);
      let failing = true;
      let calls = 0;
      await s.auth.subscribe(s.consumers.auth, ['milestone.completed'], async (event, tx) => {
        calls++;
        if (failing) throw new Error('ledger unavailable');
        await recordEffect(tx, s.schemas.auth, s.consumers.auth, event);
      });
      await s.social.subscribe(s.consumers.social, ['milestone.completed'], (event, tx) =>
        recordEffect(tx, s.schemas.social, s.consumers.social, event),
      );
      await s.quests.start();
      const event = await s.quests.transaction((_tx, emit) =>
        emit('milestone.completed', milestoneCompleted(5).payload, HERO),
      );

      const letters = await waitUntil('a dead letter', async () => {
        const found = await bus.listDeadLetters(s.consumers.auth);
        return found.length > 0 ? found : null;
      });
      expect(calls).toBe(world.retry.attempts);
      expect(letters).toHaveLength(1);
      expect(letters[0]).toMatchObject({
        consumer: s.consumers.auth,
        eventId: event.id,
        eventName: 'milestone.completed',
        attempts: world.retry.attempts,
        error: expect.stringContaining('ledger unavailable'),
      });
      expect((letters[0]!.event as EventEnvelope).id).toBe(event.id);
      // Listing does not consume: the letter is still there, and the other service was not held back.
      expect(await bus.listDeadLetters(s.consumers.auth)).toHaveLength(1);
      await waitUntil('social', async () => (await countEffects(world.db, s.schemas.social)) === 1);
      expect(await countEffects(world.db, s.schemas.auth)).toBe(0);
      const [stats] = await bus.stats([s.consumers.auth]);
      expect(stats?.deadLetters).toBe(1);

      failing = false;
      expect(await bus.replayDeadLetters(s.consumers.auth)).toBe(1);
      await waitUntil('the replayed event', async () => (await countEffects(world.db, s.schemas.auth)) === 1);
      expect(await bus.listDeadLetters(s.consumers.auth)).toHaveLength(0);
      expect(await countEffects(world.db, s.schemas.social)).toBe(1);
    });

    it('forgets the dead letters naming a deleted hero, and keeps the others in place', async () => {
      const bus = await openBus();
      const s = await services(bus);
      await s.auth.subscribe(s.consumers.auth, ['milestone.completed'], async () => {
        throw new Error('ledger unavailable');
      });
      await s.quests.start();
      const gone = crypto.randomUUID();
      const stays = crypto.randomUUID();
      for (const userId of [gone, stays, gone]) {
        await s.quests.transaction((_tx, emit) =>
          emit('milestone.completed', { ...milestoneCompleted(14).payload, userId }, userId),
        );
      }
      await waitUntil('three dead letters', async () =>
        (await bus.listDeadLetters(s.consumers.auth)).length === 3 ? true : null,
      );
      expect(await bus.forgetDeadLetters(s.consumers.auth, gone.toUpperCase())).toBe(2);
      const left = await bus.listDeadLetters(s.consumers.auth);
      expect(
        left.map((letter) => (letter.event as EventEnvelope<'milestone.completed'>).payload.userId),
      ).toEqual([stays]);
      expect(await bus.forgetDeadLetters(s.consumers.auth, gone)).toBe(0);
    });

    it('changes the state once when the same event is delivered twice', async () => {
      const bus = await openBus();
      const { log, lines } = capturingLogger();
      const s = await services(bus, log);
      await s.auth.subscribe(s.consumers.auth, ['milestone.completed'], (event, tx) =>
        recordEffect(tx, s.schemas.auth, s.consumers.auth, event),
      );
      const event = milestoneCompleted(6);
      await bus.publish(event);
      await bus.publish(event);
      await waitUntil('the duplicate to be seen and skipped', () =>
        lines.some((l) => l.includes('duplicate event skipped') && l.includes(event.id)),
      );
      expect(await countEffects(world.db, s.schemas.auth)).toBe(1);
    });

    it('publishes an event committed while the relay was stopped once the relay is back', async () => {
      const bus = await openBus();
      const s = await services(bus);
      await s.auth.subscribe(s.consumers.auth, ['milestone.completed'], (event, tx) =>
        recordEffect(tx, s.schemas.auth, s.consumers.auth, event),
      );
      await s.quests.start();
      await s.quests.stop();
      // Committed, then the process "dies" before its relay publishes.
      await s.quests.transaction((_tx, emit) =>
        emit('milestone.completed', milestoneCompleted(7).payload, HERO),
      );
      expect(await s.quests.backlog()).toBe(1);
      expect(await countEffects(world.db, s.schemas.auth)).toBe(0);

      await s.quests.start();
      await waitUntil(
        'the event after the restart',
        async () => (await countEffects(world.db, s.schemas.auth)) === 1,
      );
      await waitUntil('the outbox to drain', async () => (await s.quests.backlog()) === 0);
    });

    it('publishes again what a relay claimed but never got confirmed (a crash mid-publish)', async () => {
      const bus = await openBus();
      const s = await services(bus);
      await s.auth.subscribe(s.consumers.auth, ['milestone.completed'], (event, tx) =>
        recordEffect(tx, s.schemas.auth, s.consumers.auth, event),
      );
      await s.quests.transaction((_tx, emit) =>
        emit('milestone.completed', milestoneCompleted(8).payload, HERO),
      );
      // A relay whose publish never comes back: it claims the row, then its process is as good as gone
      // (with one publish in flight allowed, it never claims again).
      let release: (error: Error) => void = () => {};
      const hanging: EventBus = {
        ...bus,
        kind: bus.kind,
        publish: () => new Promise((_resolve, reject) => (release = reject)),
      };
      const doomed = new OutboxRelay(sqlClient(world.db), s.schemas.quests, hanging, {
        claimTtlMs: 300,
        pollIntervalMs: 20,
        maxInFlight: 1,
      });
      await doomed.start();
      await waitUntil('the doomed claim', async () => {
        const rows = await world.db.query(
          `select 1 from "${s.schemas.quests}"._outbox where claimed_by is not null`,
        );
        return rows.length === 1;
      });

      const successor = new OutboxRelay(sqlClient(world.db), s.schemas.quests, bus, { pollIntervalMs: 20 });
      await successor.start();
      try {
        await waitUntil(
          'the event after the lease ran out',
          async () => (await countEffects(world.db, s.schemas.auth)) === 1,
        );
        await waitUntil('the outbox to drain', async () => (await successor.backlog()) === 0);
      } finally {
        await successor.stop();
        release(new Error('the doomed process is gone'));
        await doomed.stop();
      }
      expect(await countEffects(world.db, s.schemas.auth)).toBe(1);
    });

    it('publishes the events a unit of work hands its relay after the commit, without claiming them', async () => {
      const bus = await openBus();
      const s = await services(bus);
      await s.auth.subscribe(s.consumers.auth, ['milestone.completed'], (event, tx) =>
        recordEffect(tx, s.schemas.auth, s.consumers.auth, event),
      );
      const client = sqlClient(world.db);
      let claims = 0;
      const counting: typeof client = {
        ...client,
        $queryRawUnsafe<T>(query: string, ...values: unknown[]) {
          if (query.includes('skip locked')) claims++;
          return client.$queryRawUnsafe<T>(query, ...values);
        },
      };
      // It looks for pending rows once at start, then not again within the test unless told to.
      const quests = createServiceEvents({
        schema: s.schemas.quests,
        publisher: 'quests',
        prisma: counting,
        bus,
        relay: { pollIntervalMs: 60_000 },
      });
      relays.push(quests);
      await quests.start();
      await waitUntil('the claim at start', () => claims === 1);
      await quests.transaction((_tx, emit) =>
        emit('milestone.completed', milestoneCompleted(12).payload, HERO),
      );
      await waitUntil('the effect', async () => (await countEffects(world.db, s.schemas.auth)) === 1);
      await waitUntil('the outbox to drain', async () => (await quests.backlog()) === 0);
      expect(claims).toBe(1);
    });

    it('publishes what a unit of work handed to a relay that died before publishing, once its lease ran out', async () => {
      const bus = await openBus();
      const s = await services(bus);
      await s.auth.subscribe(s.consumers.auth, ['milestone.completed'], (event, tx) =>
        recordEffect(tx, s.schemas.auth, s.consumers.auth, event),
      );
      let release: (error: Error) => void = () => {};
      const hanging: EventBus = {
        ...bus,
        kind: bus.kind,
        publish: () => new Promise((_resolve, reject) => (release = reject)),
      };
      const doomed = createServiceEvents({
        schema: s.schemas.quests,
        publisher: 'quests',
        prisma: sqlClient(world.db),
        bus: hanging,
        relay: { pollIntervalMs: 60_000, claimTtlMs: 300 },
      });
      await doomed.start();
      // Committed and leased to the doomed relay, whose publish never comes back.
      await doomed.transaction((_tx, emit) =>
        emit('milestone.completed', milestoneCompleted(13).payload, HERO),
      );
      const successor = new OutboxRelay(sqlClient(world.db), s.schemas.quests, bus, { pollIntervalMs: 20 });
      await successor.start();
      try {
        await waitUntil(
          'the event after the lease ran out',
          async () => (await countEffects(world.db, s.schemas.auth)) === 1,
        );
        await waitUntil('the outbox to drain', async () => (await successor.backlog()) === 0);
      } finally {
        await successor.stop();
        release(new Error('the doomed process is gone'));
        await doomed.stop();
      }
      expect(await countEffects(world.db, s.schemas.auth)).toBe(1);
    });

    it("consumes on the database's driver (subscribeSql) with its inbox row, in one unit of work", async () => {
      const bus = await openBus();
      const { log, lines } = capturingLogger();
      const s = await services(bus);
      const auth = createServiceEvents({
        schema: s.schemas.auth,
        publisher: 'auth',
        prisma: sqlClient(world.db),
        database: world.db,
        bus,
        log,
      });
      relays.push(auth);
      await auth.subscribeSql(s.consumers.auth, ['milestone.completed'], (event, tx) =>
        recordEffect(tx, s.schemas.auth, s.consumers.auth, event),
      );
      const event = milestoneCompleted(14);
      await bus.publish(event);
      await bus.publish(event);
      await waitUntil('the duplicate to be seen and skipped', () =>
        lines.some((l) => l.includes('duplicate event skipped') && l.includes(event.id)),
      );
      expect(await countEffects(world.db, s.schemas.auth)).toBe(1);
      expect(await auth.hasHandled(s.consumers.auth, [event.id])).toBe(true);
    });

    it("locks the subscription's `lock` row in the inbox's own statement, before the handler runs", async () => {
      const bus = await openBus();
      const s = await services(bus);
      await world.db.exec(`create table "${s.schemas.auth}".heroes (id uuid primary key)`);
      await world.db.query(`insert into "${s.schemas.auth}".heroes (id) values ($1::uuid)`, [HERO]);
      const auth = createServiceEvents({
        schema: s.schemas.auth,
        publisher: 'auth',
        prisma: sqlClient(world.db),
        database: world.db,
        bus,
      });
      relays.push(auth);
      const lockedOnEntry: boolean[] = [];
      await auth.subscribeSql(
        s.consumers.auth,
        ['milestone.completed'],
        async (event, tx) => {
          // A row this transaction locked carries its id as xmax.
          const [row] = await tx.$queryRawUnsafe<{ locked: boolean }[]>(
            `select xmax = pg_current_xact_id()::xid as locked from "${s.schemas.auth}".heroes where id = $1::uuid`,
            event.payload.userId,
          );
          lockedOnEntry.push(row?.locked === true);
          await recordEffect(tx, s.schemas.auth, s.consumers.auth, event);
        },
        { lock: { table: `${s.schemas.auth}.heroes`, key: (event) => String(event.actorId) } },
      );
      await bus.publish(milestoneCompleted(15));
      await waitUntil(
        'the event to be handled',
        async () => (await countEffects(world.db, s.schemas.auth)) === 1,
      );
      expect(lockedOnEntry).toEqual([true]);
    });

    describe('waiting until a consumer has handled events', () => {
      /** The world's client, counting the inbox looks a waiter makes. */
      function countingClient() {
        const client = sqlClient(world.db);
        const counter = { looks: 0 };
        const counting: typeof client = {
          ...client,
          $queryRawUnsafe<T>(query: string, ...values: unknown[]) {
            if (query.includes('"_inbox"') && query.includes('count(*)')) counter.looks++;
            return client.$queryRawUnsafe<T>(query, ...values);
          },
        };
        return { counting, counter };
      }
      /** Pauses so long that a waiter only answers within the test if something woke it. */
      const noPolls = { timeoutMs: 60_000, firstPollMs: 60_000, maxPollMs: 60_000 };

      /** quests publishes; auth consumes on replica A; `waiter` is whoever waits for auth's progress. */
      async function replicas(bus: EventBus, notifications: boolean, awaited: boolean) {
        const s = await services(bus);
        const options = (prisma: ReturnType<typeof sqlClient>) => ({
          schema: s.schemas.auth,
          publisher: 'auth',
          prisma,
          bus,
          relay: { pollIntervalMs: 50 },
          ...(notifications ? { notifications: world.db } : {}),
        });
        const consuming = createServiceEvents(options(sqlClient(world.db)));
        relays.push(consuming);
        await consuming.subscribe(
          s.consumers.auth,
          ['milestone.completed'],
          (event, tx) => recordEffect(tx, s.schemas.auth, s.consumers.auth, event),
          { awaited },
        );
        const { counting, counter } = countingClient();
        const other = createServiceEvents(options(counting));
        relays.push(other);
        await s.quests.start();
        return { s, consuming, other, counter };
      }

      it('wakes a waiter in the consuming process when the event is handled, without looking again', async () => {
        const bus = await openBus();
        const s = await services(bus);
        const { counting, counter } = countingClient();
        const auth = createServiceEvents({
          schema: s.schemas.auth,
          publisher: 'auth',
          prisma: counting,
          bus,
        });
        relays.push(auth);
        await auth.subscribe(s.consumers.auth, ['milestone.completed'], (event, tx) =>
          recordEffect(tx, s.schemas.auth, s.consumers.auth, event),
        );
        await s.quests.start();
        const event = createEnvelope('milestone.completed', milestoneCompleted(9).payload, HERO);
        const waited = auth.waitUntilHandled(s.consumers.auth, [event.id], noPolls);
        await bus.publish(event);
        expect(await waited).toBe(true);
        // The one look is the first, made before the event existed.
        expect(counter.looks).toBe(1);
        expect(await countEffects(world.db, s.schemas.auth)).toBe(1);
      });

      it("wakes a waiter in another replica through the database's notification", async () => {
        const bus = await openBus();
        const { s, other, counter } = await replicas(bus, true, true);
        const event = createEnvelope('milestone.completed', milestoneCompleted(10).payload, HERO);
        const waited = other.waitUntilHandled(s.consumers.auth, [event.id], noPolls);
        // Once the waiter listens (its first look comes after), the event goes out.
        await waitUntil('the first look', () => counter.looks === 1);
        await bus.publish(event);
        expect(await waited).toBe(true);
        expect(counter.looks).toBe(1);
      });

      it('answers by looking again when nothing announces the event, and says when the wait ran out', async () => {
        const bus = await openBus();
        const { s, other, counter } = await replicas(bus, false, false);
        const event = createEnvelope('milestone.completed', milestoneCompleted(11).payload, HERO);
        const polls = { timeoutMs: 10_000, firstPollMs: 5, maxPollMs: 20 };
        const waited = other.waitUntilHandled(s.consumers.auth, [event.id], polls);
        await waitUntil('the first look', () => counter.looks >= 1);
        await bus.publish(event);
        expect(await waited).toBe(true);
        expect(counter.looks).toBeGreaterThan(1);

        const never = crypto.randomUUID();
        const gaveUp = { timeoutMs: 50, firstPollMs: 5, maxPollMs: 20 };
        expect(await other.waitUntilHandled(s.consumers.auth, [event.id, never], gaveUp)).toBe(false);
      });
    });
  });
}
