import { createEnvelope, type EventEnvelope } from '@lifequest/proto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openPglite } from './db/database.ts';
import { createServiceSchema } from './events/bus.conformance.ts';
import { InProcessEventBus } from './events/in-process-bus.ts';
import type { SqlTx } from './events/ports.ts';
import { createServiceEvents } from './events/service-events.ts';
import { sqlClient } from './events/sql-client.ts';
import { purgedHeroHash, purgeOnUserDeleted } from './purge.ts';

describe('purgeOnUserDeleted', () => {
  let db: Database;
  let bus: InProcessEventBus;
  const confirmed: EventEnvelope[] = [];

  beforeEach(async () => {
    db = await openPglite(undefined);
    bus = new InProcessEventBus({ retry: { attempts: 1 } });
    confirmed.length = 0;
    await bus.subscribe('admin', ['user.purged'], async (event) => void confirmed.push(event));
  });
  afterEach(async () => {
    await bus.close();
    await db.close();
  });

  it('purges in one unit of work with user.purged, then keeps nothing about the hero in the outbox', async () => {
    await createServiceSchema(db, 'quests');
    await db.exec('create table quests.goals (user_id uuid not null)');
    const events = createServiceEvents({ schema: 'quests', publisher: 'quests', prisma: sqlClient(db), bus });
    const purged: string[] = [];
    await purgeOnUserDeleted(events, 'quests', async (tx: SqlTx, userId) => {
      purged.push(userId);
      await tx.$executeRawUnsafe('delete from quests.goals where user_id = $1::uuid', userId);
    });
    await events.start();
    try {
      const [hero, other] = [crypto.randomUUID(), crypto.randomUUID()];
      await db.query('insert into quests.goals values ($1), ($2)', [hero, other]);
      const deleted = createEnvelope('user.deleted', { userId: hero }, null);
      await bus.publish(deleted);
      await bus.publish(deleted);
      await events.flush();

      expect(purged).toEqual([hero]);
      expect(await db.query('select user_id::text from quests.goals')).toEqual([{ user_id: other }]);
      expect(confirmed.map((e) => e.payload)).toEqual([{ userId: hero, service: 'quests' }]);
      expect(await db.query('select id from quests._outbox')).toEqual([]);
    } finally {
      await events.stop();
    }
  });

  it('runs the part outside the database after the purge commits, and again on a redelivery', async () => {
    await createServiceSchema(db, 'quests');
    await db.exec('create table quests.goals (user_id uuid not null)');
    const events = createServiceEvents({ schema: 'quests', publisher: 'quests', prisma: sqlClient(db), bus });
    const seen: { userId: string; goals: number; handled: number }[] = [];
    await purgeOnUserDeleted(
      events,
      'quests',
      async (tx: SqlTx, userId) => {
        await tx.$executeRawUnsafe('delete from quests.goals where user_id = $1::uuid', userId);
      },
      {
        // Read outside the purge's transaction: only its committed rows are visible there.
        afterCommit: async (userId) => {
          const [goals] = await db.query<{ n: number }>(
            'select count(*)::int as n from quests.goals where user_id = $1::uuid',
            [userId],
          );
          const [handled] = await db.query<{ n: number }>(
            `select count(*)::int as n from quests._inbox where consumer = 'quests'`,
          );
          seen.push({ userId, goals: goals?.n ?? -1, handled: handled?.n ?? -1 });
        },
      },
    );
    await events.start();
    try {
      const hero = crypto.randomUUID();
      await db.query('insert into quests.goals values ($1)', [hero]);
      const deleted = createEnvelope('user.deleted', { userId: hero }, null);
      await bus.publish(deleted);
      await bus.publish(deleted);
      expect(seen).toEqual([
        { userId: hero, goals: 0, handled: 1 },
        { userId: hero, goals: 0, handled: 1 },
      ]);
    } finally {
      await events.stop();
    }
  });

  it('without an outbox (the gateway), publishes user.purged itself once the purge is done', async () => {
    const purged: string[] = [];
    await purgeOnUserDeleted(bus, 'gateway', async (userId) => void purged.push(userId));
    const hero = crypto.randomUUID();
    await bus.publish(createEnvelope('user.deleted', { userId: hero }, null));
    expect(purged).toEqual([hero]);
    expect(confirmed.map((e) => e.payload)).toEqual([{ userId: hero, service: 'gateway' }]);
  });

  it("keeps of a purged hero only a hash of their id, the same whatever the id's case", () => {
    const hero = crypto.randomUUID();
    expect(purgedHeroHash(hero)).toMatch(/^[0-9a-f]{64}$/);
    expect(purgedHeroHash(hero.toUpperCase())).toBe(purgedHeroHash(hero));
    expect(purgedHeroHash(hero)).not.toContain(hero);
  });
});
