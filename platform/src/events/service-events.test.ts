import { describe, expect, it } from 'vitest';
import { openPglite } from '../db/database.ts';
import { countEffects, createServiceSchema } from './bus.conformance.ts';
import { SqlDeadLetterStore } from './dead-letter-store.ts';
import { InProcessEventBus } from './in-process-bus.ts';
import { createServiceEvents } from './service-events.ts';
import { sqlClient } from './sql-client.ts';

// Ids in events are UUIDs.
const HERO = '10000000-0000-4000-8000-000000000001';
const QUEST = '20000000-0000-4000-8000-000000000001';
const QUEST_2 = '20000000-0000-4000-8000-000000000002';

describe('the unit of work', () => {
  it('lets a module emit only the events it publishes (EVENT_PUBLISHERS), and rolls back the rest', async () => {
    const db = await openPglite(undefined);
    try {
      await createServiceSchema(db, 'quests');
      const bus = new InProcessEventBus({ deadLetters: new SqlDeadLetterStore(db) });
      const events = createServiceEvents({
        schema: 'quests',
        publisher: 'quests',
        prisma: sqlClient(db),
        bus,
      });
      const outbox = async () =>
        (await db.query<{ name: string }>('select name from quests."_outbox" order by seq')).map(
          (r) => r.name,
        );

      await expect(
        events.transaction(async (tx, emit) => {
          await tx.$executeRawUnsafe(
            `insert into quests.effects (consumer, event_id, name) values ('quests', gen_random_uuid(), 'x')`,
          );
          await emit(
            'user.registered',
            {
              userId: HERO,
              email: 'u1@example.com',
              name: 'Aria',
              primaryClass: 'health',
              activeClassTitle: 'Health Novice',
              createdAt: new Date().toISOString(),
            },
            HERO,
          );
        }),
      ).rejects.toThrow(
        "The quests module may not emit user.registered: its publisher is auth (proto's EVENT_PUBLISHERS)",
      );
      expect(await countEffects(db, 'quests')).toBe(0);
      expect(await outbox()).toEqual([]);

      await events.transaction((_tx, emit) => emit('goal.deleted', { goalId: QUEST, userId: HERO }, HERO));
      expect(await outbox()).toEqual(['goal.deleted']);
      await bus.close();
    } finally {
      await db.close();
    }
  });

  it('runs the same unit of work on the driver (sqlTransaction): state and events commit or roll back together', async () => {
    const db = await openPglite(undefined);
    try {
      await createServiceSchema(db, 'quests');
      const bus = new InProcessEventBus({ deadLetters: new SqlDeadLetterStore(db) });
      const events = createServiceEvents({
        schema: 'quests',
        publisher: 'quests',
        prisma: sqlClient(db),
        database: db,
        bus,
      });
      const outbox = async () =>
        (await db.query<{ name: string }>('select name from quests."_outbox" order by seq')).map(
          (r) => r.name,
        );
      const effect = (tx: { $executeRawUnsafe(q: string): Promise<number> }) =>
        tx.$executeRawUnsafe(
          `insert into quests.effects (consumer, event_id, name) values ('quests', gen_random_uuid(), 'x')`,
        );

      await expect(
        events.sqlTransaction(async (tx, emit) => {
          await effect(tx);
          await emit('goal.deleted', { goalId: QUEST, userId: HERO }, HERO);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await countEffects(db, 'quests')).toBe(0);
      expect(await outbox()).toEqual([]);

      const event = await events.sqlTransaction(async (tx, emit) => {
        await effect(tx);
        return emit('goal.deleted', { goalId: QUEST_2, userId: HERO }, HERO);
      });
      expect(event.name).toBe('goal.deleted');
      expect(await countEffects(db, 'quests')).toBe(1);
      expect(await outbox()).toEqual(['goal.deleted']);
      await bus.close();
    } finally {
      await db.close();
    }
  });
});
