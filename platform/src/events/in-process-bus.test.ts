import { createEnvelope } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../db/database.ts';
import { waitUntil } from '../testing/wait.ts';
import { countEffects, createServiceSchema, describeEventBusConformance } from './bus.conformance.ts';
import { SqlDeadLetterStore } from './dead-letter-store.ts';
import { InProcessEventBus } from './in-process-bus.ts';
import { createServiceEvents } from './service-events.ts';
import { sqlClient } from './sql-client.ts';

// Ids in events are UUIDs.
const HERO = '10000000-0000-4000-8000-000000000001';
const QUEST = '20000000-0000-4000-8000-000000000001';
/** The `n`th id of a kind (2: quests, 3: milestones, 4: progress entries). */
const testId = (kind: number, n: number) => `${kind}0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const retry = { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 };

describeEventBusConformance('in-process bus on PGlite', async () => {
  const db = await openPglite(undefined);
  const deadLetters = new SqlDeadLetterStore(db);
  // Every service of one process shares one in-process bus, as the runtime wires it.
  let shared: InProcessEventBus | undefined;
  return {
    db,
    retry,
    async openBus() {
      shared ??= new InProcessEventBus({ retry, deadLetters });
      return shared;
    },
    dispose: () => db.close(),
  };
});

describe('in-process bus across a crash', () => {
  it('gives each of 5,000 events its effect exactly once when the process dies mid-stream and restarts', async () => {
    const db = await openPglite(undefined);
    try {
      await createServiceSchema(db, 'quests');
      await createServiceSchema(db, 'auth');
      const client = sqlClient(db);
      const deadLetters = new SqlDeadLetterStore(db);
      const boot = async () => {
        const bus = new InProcessEventBus({ retry, deadLetters });
        const quests = createServiceEvents({
          schema: 'quests',
          publisher: 'quests',
          prisma: client,
          bus,
          relay: { pollIntervalMs: 20 },
        });
        const auth = createServiceEvents({ schema: 'auth', publisher: 'auth', prisma: client, bus });
        await auth.subscribe('auth', ['progress.logged'], async (event, tx) => {
          await tx.$executeRawUnsafe(
            `insert into auth.effects (consumer, event_id, name) values ('auth', $1::uuid, $2)`,
            event.id,
            event.name,
          );
        });
        await quests.start();
        return { bus, quests };
      };

      const first = await boot();
      for (let batch = 0; batch < 50; batch++) {
        await first.quests.transaction(async (_tx, emit) => {
          for (let i = 0; i < 100; i++) {
            const n = batch * 100 + i;
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
      }
      await waitUntil(
        'a first share of the effects',
        async () => (await countEffects(db, 'auth')) >= 500,
        30_000,
        5,
      );
      // The crash: everything the bus held in memory is gone, and the relay dies with it.
      await first.bus.close();
      await first.quests.stop();
      const beforeRestart = await countEffects(db, 'auth');
      expect(beforeRestart).toBeLessThan(5_000);

      const second = await boot();
      try {
        await waitUntil('every effect', async () => (await countEffects(db, 'auth')) >= 5_000, 60_000, 50);
        await waitUntil('the outbox drained', async () => (await second.quests.backlog()) === 0, 30_000);
        await second.quests.flush();
      } finally {
        await second.quests.stop();
        await second.bus.close();
      }
      const [effects] = await db.query<{ total: number; distinct: number }>(
        'select count(*)::int as total, count(distinct event_id)::int as distinct from auth.effects',
      );
      expect(effects).toEqual({ total: 5_000, distinct: 5_000 });
      expect(await deadLetters.count('auth')).toBe(0);
    } finally {
      await db.close();
    }
  }, 90_000);
});

describe('in-process dead letters', () => {
  it('survive a restart of the process when kept in the database, and replay there', async () => {
    const db = await openPglite(undefined);
    try {
      const event = createEnvelope('goal.deleted', { goalId: QUEST, userId: HERO }, HERO);
      const before = new InProcessEventBus({
        retry: { attempts: 1 },
        deadLetters: new SqlDeadLetterStore(db),
      });
      await before.subscribe('admin', ['goal.deleted'], async () => {
        throw new Error('read model offline');
      });
      await before.publish(event);
      await before.close();

      const after = new InProcessEventBus({ deadLetters: new SqlDeadLetterStore(db) });
      const handled: string[] = [];
      await after.subscribe('admin', ['goal.deleted'], async (e) => {
        handled.push(e.id);
      });
      expect(await after.listDeadLetters('admin')).toMatchObject([
        { consumer: 'admin', eventId: event.id, attempts: 1, error: 'Error: read model offline' },
      ]);
      expect(await after.replayDeadLetters('admin')).toBe(1);
      expect(handled).toEqual([event.id]);
      expect(await after.listDeadLetters('admin')).toEqual([]);
      await after.close();
    } finally {
      await db.close();
    }
  }, 60_000);
});
