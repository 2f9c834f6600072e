import { createEnvelope } from '@lifequest/proto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openPglite } from '../db/database.ts';
import { createServiceSchema } from './bus.conformance.ts';
import { InProcessEventBus } from './in-process-bus.ts';
import { hasHandled } from './inbox.ts';
import { insertOutboxRow, OutboxRelay } from './outbox.ts';
import { sqlClient } from './sql-client.ts';

// The inbox keeps 30 days of events and the outbox a week of published ones, so the statements a
// toggle's chain runs on them must find their rows by key, at a cost that does not grow with them.
// PostgreSQL's own counters say how many index entries and table scans a statement took.

const KNOWN = '30000000-0000-4000-8000-000000000001';
const OTHER = '30000000-0000-4000-8000-000000000002';

let db: Database;
beforeAll(async () => {
  db = await openPglite(undefined);
  await createServiceSchema(db, 'keyed_q');
  await db.exec(`
    insert into keyed_q._inbox (consumer, event_id)
      select 'auth', gen_random_uuid() from generate_series(1, 5000);
    insert into keyed_q._inbox (consumer, event_id) values ('auth', '${KNOWN}');
    insert into keyed_q._outbox (id, name, envelope, published_at)
      select gen_random_uuid(), 'goal.deleted', '{"pad": "${'x'.repeat(400)}"}', now()
        from generate_series(1, 3000);
    analyze keyed_q._inbox;
    analyze keyed_q._outbox;`);
}, 60_000);
afterAll(() => db?.close());

it('looks an event up in the inbox by its key, however many rows the consumer has', async () => {
  const looked = await sqlClient(db).$transaction(async (tx) => {
    const handled = await hasHandled(tx, 'keyed_q', 'auth', [KNOWN, KNOWN.toUpperCase()]);
    // Rows the statement read from the table: by scanning it, and by way of an index.
    const [read] = await tx.$queryRawUnsafe<{ n: number }[]>(
      `select (pg_stat_get_xact_tuples_returned('keyed_q._inbox'::regclass)
             + pg_stat_get_xact_tuples_fetched('keyed_q._inbox'::regclass))::int as n`,
    );
    return { handled, entries: read!.n };
  });
  expect(looked.handled).toBe(true);
  // One row for the one id (the same id twice, in two cases, is one event), not the consumer's 5,001.
  expect(looked.entries).toBeLessThanOrEqual(2);

  expect(await hasHandled(sqlClient(db), 'keyed_q', 'auth', [KNOWN, OTHER])).toBe(false);
  expect(await hasHandled(sqlClient(db), 'keyed_q', 'admin', [KNOWN])).toBe(false);
  // Not an event id: never in the inbox, and no error from the database's uuid cast.
  expect(await hasHandled(sqlClient(db), 'keyed_q', 'auth', [KNOWN, 'not-an-id'])).toBe(false);
  expect(await hasHandled(sqlClient(db), 'keyed_q', 'auth', [])).toBe(true);
});

it('marks a published event by its id, without reading the whole outbox', async () => {
  const scans = async () => {
    await db.query('select pg_stat_force_next_flush()');
    await db.query('select 1');
    const [row] = await db.query<{ n: number }>(
      `select seq_scan::int as n from pg_stat_user_tables where schemaname = 'keyed_q' and relname = '_outbox'`,
    );
    return row!.n;
  };
  const relay = new OutboxRelay(sqlClient(db), 'keyed_q', new InProcessEventBus());
  const event = createEnvelope('goal.deleted', { goalId: OTHER, userId: KNOWN }, null);
  await sqlClient(db).$transaction((tx) => insertOutboxRow(tx, 'keyed_q', event));
  const before = await scans();
  await relay.flush();
  const [row] = await db.query<{ published: boolean }>(
    `select published_at is not null as published from keyed_q._outbox where id = $1::uuid`,
    [event.id],
  );
  expect(row?.published).toBe(true);
  expect(await scans()).toBe(before);
});
