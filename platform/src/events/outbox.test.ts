import { createEnvelope } from '@lifequest/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../db/database.ts';
import { waitUntil } from '../testing/wait.ts';
import { createServiceSchema } from './bus.conformance.ts';
import { InProcessEventBus } from './in-process-bus.ts';
import { insertOutboxRow, OutboxRelay, purgeFromOutbox } from './outbox.ts';
import { sqlClient } from './sql-client.ts';

// Ids in events are UUIDs.
const HERO = '10000000-0000-4000-8000-000000000001';
const QUEST = '20000000-0000-4000-8000-000000000001';

describe('outbox relay housekeeping', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite(undefined);
  }, 60_000);
  afterAll(() => db?.close());

  it('keeps a row it could not publish pending, with the error, and flush says so', async () => {
    await createServiceSchema(db, 'broken_q');
    const closed = new InProcessEventBus();
    await closed.close();
    const relay = new OutboxRelay(sqlClient(db), 'broken_q', closed);
    const event = createEnvelope('goal.deleted', { goalId: QUEST, userId: HERO }, null);
    await sqlClient(db).$transaction((tx) => insertOutboxRow(tx, 'broken_q', event));
    await expect(relay.flush()).rejects.toThrow("1 outbox event(s) of 'broken_q' could not be published yet");
    const [row] = await db.query<{
      published_at: unknown;
      attempts: number;
      last_error: string;
      later: boolean;
    }>(`select published_at, attempts, last_error, claimed_until > now() as later from broken_q._outbox`);
    expect(row).toMatchObject({ published_at: null, attempts: 1, later: true });
    expect(row?.last_error).toMatch(/BusClosedError: The event bus is closed/);
    expect(await relay.backlog()).toBe(1);
  });

  it('drops published outbox rows and inbox rows past their retention, and keeps the rest', async () => {
    await createServiceSchema(db, 'tidy_q');
    await db.exec(`
      insert into tidy_q._outbox (id, name, envelope, published_at) values
        ('00000000-0000-4000-8000-000000000001', 'goal.deleted', '{}', now() - interval '8 days'),
        ('00000000-0000-4000-8000-000000000002', 'goal.deleted', '{}', now() - interval '1 day');
      insert into tidy_q._inbox (consumer, event_id, processed_at) values
        ('tidy', '00000000-0000-4000-8000-000000000003', now() - interval '31 days'),
        ('tidy', '00000000-0000-4000-8000-000000000004', now() - interval '2 days');`);
    const relay = new OutboxRelay(sqlClient(db), 'tidy_q', new InProcessEventBus(), { pollIntervalMs: 20 });
    await relay.start();
    try {
      await waitUntil('the clean-up', async () => {
        const rows = await db.query('select 1 from tidy_q._outbox');
        return rows.length === 1;
      });
    } finally {
      await relay.stop();
    }
    const outbox = await db.query<{ id: string }>('select id::text from tidy_q._outbox');
    const inbox = await db.query<{ event_id: string }>('select event_id::text from tidy_q._inbox');
    expect(outbox.map((r) => r.id)).toEqual(['00000000-0000-4000-8000-000000000002']);
    expect(inbox.map((r) => r.event_id)).toEqual(['00000000-0000-4000-8000-000000000004']);
  });

  it("purges a purged hero's events from the outbox: published ones at once, pending ones once they are published", async () => {
    await createServiceSchema(db, 'purge_q');
    const [hero, other] = [crypto.randomUUID(), crypto.randomUUID()];
    const client = sqlClient(db);
    const sent = createEnvelope('goal.deleted', { goalId: crypto.randomUUID(), userId: hero }, hero);
    const othersSent = createEnvelope('goal.deleted', { goalId: crypto.randomUUID(), userId: other }, other);
    const pending = createEnvelope('user.purged', { userId: hero, service: 'purge_q' }, null);
    await client.$transaction(async (tx) => {
      for (const event of [sent, othersSent]) await insertOutboxRow(tx, 'purge_q', event);
    });
    await db.exec('update purge_q._outbox set published_at = now()');
    await client.$transaction(async (tx) => {
      await insertOutboxRow(tx, 'purge_q', pending);
      await purgeFromOutbox(tx, 'purge_q', hero);
    });
    const ids = async () =>
      (await db.query<{ id: string }>('select id::text from purge_q._outbox order by seq')).map((r) => r.id);
    expect(await ids()).toEqual([othersSent.id, pending.id]);

    const bus = new InProcessEventBus();
    const delivered: string[] = [];
    await bus.subscribe('purge_listener', ['user.purged'], async (event) => void delivered.push(event.id));
    const relay = new OutboxRelay(client, 'purge_q', bus);
    await relay.start();
    try {
      await relay.flush();
    } finally {
      await relay.stop();
      await bus.close();
    }
    expect(delivered).toEqual([pending.id]);
    expect(await ids()).toEqual([othersSent.id]);
  });

  it('marks a row the bus confirmed once the database is back, instead of leaving it pending for its lease', async () => {
    await createServiceSchema(db, 'remark_q');
    const client = sqlClient(db);
    // The database drops the relay's first "mark sent" statement (a connection terminated mid-statement).
    let dropped = 0;
    const flaky = {
      ...client,
      async $executeRawUnsafe(query: string, ...values: unknown[]) {
        if (dropped === 0 && query.includes('set published_at = now()')) {
          dropped++;
          throw new Error('terminating connection due to administrator command');
        }
        return client.$executeRawUnsafe(query, ...values);
      },
    };
    const bus = new InProcessEventBus();
    const delivered: string[] = [];
    await bus.subscribe('remark_listener', ['goal.deleted'], async (event) => void delivered.push(event.id));
    // A lease far longer than the wait below: the row must not wait for it to run out.
    const relay = new OutboxRelay(flaky, 'remark_q', bus, { pollIntervalMs: 20, claimTtlMs: 600_000 });
    const event = createEnvelope('goal.deleted', { goalId: QUEST, userId: HERO }, null);
    await client.$transaction((tx) => insertOutboxRow(tx, 'remark_q', event));
    await relay.start();
    try {
      await waitUntil('the row marked sent', async () => (await relay.backlog()) === 0);
    } finally {
      await relay.stop();
      await bus.close();
    }
    expect(dropped).toBe(1);
    // Published once: marked, not published again.
    expect(delivered).toEqual([event.id]);
  });
});
