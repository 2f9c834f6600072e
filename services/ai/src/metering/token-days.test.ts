import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, migrate, openPglite } from '@lifequest/platform';
import { afterEach, beforeEach, expect, it } from 'vitest';

// The installation's daily cap reads ai.token_days, which a trigger on ai.token_usage keeps
// (migration 0008). These cases hold it to what the sum over the usage rows used to answer.
const MIGRATIONS = new URL('../../prisma/migrations/', import.meta.url);

let db: Database;
let before: string;

beforeEach(async () => {
  db = await openPglite(undefined);
  before = await mkdtemp(join(tmpdir(), 'lq-ai-migrations-'));
  await cp(MIGRATIONS, before, {
    recursive: true,
    filter: (src) => !src.endsWith('0008_token_days.sql'),
  });
});
afterEach(async () => {
  await db?.close();
  await rm(before, { recursive: true, force: true });
});

async function use(userId: string | null, tokens: number, createdAt: string): Promise<void> {
  await db.query(
    `insert into ai.token_usage
       (id, user_id, endpoint, model, prompt_tokens, completion_tokens, total_tokens, cost_usd, source, created_at)
     values (gen_random_uuid(), $1::uuid, 'advisor', 'offline', $2::int, 0, $2::int, 0, 'tiktoken', $3)`,
    [userId, tokens, createdAt],
  );
}

async function committed(dayStart: string, now: string): Promise<number> {
  const [row] = await db.query<{ n: string | number | bigint }>(
    'select ai.installation_tokens_committed($1, $2) as n',
    [dayStart, now],
  );
  return Number(row!.n);
}

async function sumOfRows(dayStart: string): Promise<number> {
  const [row] = await db.query<{ n: string | number | bigint | null }>(
    'select sum(total_tokens) as n from ai.token_usage where created_at >= $1',
    [dayStart],
  );
  return Number(row!.n ?? 0);
}

it('counts every usage row into its UTC day, as the sum over the rows did', async () => {
  await migrate(db, 'ai', MIGRATIONS);
  const heroes = Array.from({ length: 12 }, () => randomUUID());
  for (const [i, hero] of heroes.entries()) {
    await use(hero, 100 + i, '2026-11-26T23:59:59.999Z');
    await use(hero, 1_000 + i, '2026-11-27T00:00:00.000Z');
    await use(hero, 2_000 + i, '2026-11-27T18:30:00.000Z');
  }
  await use(null, 7, '2026-11-27T12:00:00.000Z');

  for (const day of ['2026-11-26T00:00:00.000Z', '2026-11-27T00:00:00.000Z', '2026-11-28T00:00:00.000Z']) {
    expect(await committed(day, '2026-11-27T20:00:00.000Z'), day).toBe(await sumOfRows(day));
  }
  expect(await committed('2026-11-27T00:00:00.000Z', '2026-11-27T20:00:00.000Z')).toBe(
    12 * 3_000 + 2 * 66 + 7,
  );
  // The day's tokens are spread over the hero slots, so heroes settling together seldom share a row.
  const slots = await db.query<{ slot: number }>(`select slot from ai.token_days where day = '2026-11-27'`);
  expect(slots.length).toBeGreaterThan(1);
  expect(slots.length).toBeLessThanOrEqual(8);
});

it("adds the calls in flight, and keeps an erased hero's tokens in the day", async () => {
  await migrate(db, 'ai', MIGRATIONS);
  const hero = randomUUID();
  await use(hero, 500, '2026-11-27T09:00:00.000Z');
  await db.query(
    `insert into ai.token_reservations (user_id, endpoint, tokens, expires_at)
     values ($1::uuid, 'advisor', 300, '2026-11-27T10:15:00.000Z')`,
    [hero],
  );
  expect(await committed('2026-11-27T00:00:00.000Z', '2026-11-27T10:00:00.000Z')).toBe(800);
  expect(await committed('2026-11-27T00:00:00.000Z', '2026-11-27T10:30:00.000Z')).toBe(500);

  // The purge keeps the usage without the id; the day's total does not move.
  await db.query('update ai.token_usage set user_id = null where user_id = $1::uuid', [hero]);
  expect(await committed('2026-11-27T00:00:00.000Z', '2026-11-27T10:30:00.000Z')).toBe(500);
});

it('counts the usage written before the counters existed', async () => {
  await migrate(db, 'ai', before);
  const hero = randomUUID();
  await use(hero, 40, '2026-11-25T08:00:00.000Z');
  await use(hero, 60, '2026-11-27T08:00:00.000Z');
  await use(null, 5, '2026-11-27T09:00:00.000Z');

  const applied = await migrate(db, 'ai', MIGRATIONS);
  expect(applied.applied).toEqual(['0008_token_days.sql']);
  await use(hero, 1_000, '2026-11-27T10:00:00.000Z');

  for (const day of ['2026-11-25T00:00:00.000Z', '2026-11-27T00:00:00.000Z']) {
    expect(await committed(day, '2026-11-27T11:00:00.000Z'), day).toBe(await sumOfRows(day));
  }
  expect(await committed('2026-11-27T00:00:00.000Z', '2026-11-27T11:00:00.000Z')).toBe(1_065);
});
