// `node bench/ai-budget.ts`: what an AI call's admission and reservation cost PostgreSQL as the day's
// usage grows, with the installation's daily cap on (as it is by default). Two databases side by side:
// `rows-sum`, migrated without ai's 0008 (the cap summed the day's usage rows), and `counters`, migrated
// fully (the cap reads the day's counters). Each is seeded with ROWS_LIST usage rows of today (default
// 0,20000,100000,300000, by 2,000 heroes), then one hero's call is admitted and reserved CALLS times
// (default 300) one after another, as the Meter sends them; prints each side's p50 and p99 per size.
// How to read it: docs/performance.md#the-ai-budget-check.

import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, migrate, openPostgres } from '@lifequest/platform';
import { benchInfra } from './lib/infra.ts';

const ROWS_LIST = (process.env.ROWS_LIST ?? '0,20000,100000,300000').split(',').map(Number);
const CALLS = Number(process.env.CALLS ?? 300);
const HEROES = 2_000;
const MIGRATIONS = new URL('../services/ai/prisma/migrations/', import.meta.url);
const print = (line: string) => process.stdout.write(`${line}\n`);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

interface Side {
  name: string;
  db: Database;
  dispose: () => Promise<void>;
}

async function side(name: string, migrations: string | URL): Promise<Side> {
  const infra = await benchInfra();
  const db = await openPostgres(infra.databaseUrl, { max: 2 });
  await migrate(db, 'ai', migrations);
  return {
    name,
    db,
    dispose: async () => {
      await db.close();
      await infra.dispose();
    },
  };
}

/** Adds usage rows dated today (spread over the day so far) until the side holds `rows`. */
async function seedTo(db: Database, rows: number): Promise<void> {
  const [have] = await db.query<{ n: number }>('select count(*)::int as n from ai.token_usage');
  const add = rows - have!.n;
  if (add <= 0) return;
  await db.query(
    `insert into ai.token_usage
       (id, user_id, endpoint, model, prompt_tokens, completion_tokens, total_tokens, cost_usd, source, created_at)
     select gen_random_uuid(), ('00000000-0000-4000-8000-' || lpad((i % $2)::text, 12, '0'))::uuid,
            'advisor', 'offline', 300, 200, 500, 0, 'tiktoken',
            date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
              + (now() - (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')) * (i::float8 / $1)
       from generate_series(1, $1::int) as i`,
    [add, HEROES],
  );
  await db.exec('analyze ai.token_usage');
}

/** One call's admission and reservation as the Meter sends them, and the reservation dropped again. */
async function call(db: Database, hero: string): Promise<number> {
  const now = new Date();
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const started = performance.now();
  await db.query('select refused, oldest_start from ai.admit_call($1::uuid, $2, $3, $4, $5, $6, $7)', [
    hero,
    now,
    new Date(now.getTime() - 60_000),
    null,
    dayStart,
    1_000_000_000,
    20_000_000_000,
  ]);
  const [reserved] = await db.query<{ refused: string | null; reservation_id: string }>(
    'select refused, reservation_id from ai.reserve_tokens($1::uuid, $2, $3, $4, $5, $6, $7, $8)',
    [hero, 'advisor', 1_000, now, new Date(now.getTime() + 900_000), dayStart, 1_000_000_000, 20_000_000_000],
  );
  const elapsed = performance.now() - started;
  if (reserved?.refused) throw new Error(`refused: ${reserved.refused}`);
  await db.query('delete from ai.token_reservations where id = $1::uuid', [reserved!.reservation_id]);
  return elapsed;
}

const withoutCounters = await mkdtemp(join(tmpdir(), 'lq-bench-ai-'));
await cp(MIGRATIONS, withoutCounters, {
  recursive: true,
  filter: (src) => !src.endsWith('0008_token_days.sql'),
});
const sides = [await side('rows-sum', withoutCounters), await side('counters', MIGRATIONS)];
try {
  print(`${CALLS} calls (admission + reservation) of one hero, one after another; ms`);
  print('usage rows today | side     |   p50 |   p99');
  for (const rows of ROWS_LIST) {
    for (const s of sides) await seedTo(s.db, rows);
    const hero = randomUUID();
    for (const s of sides) {
      for (let i = 0; i < 20; i += 1) await call(s.db, hero); // warm the plans and caches
      const times: number[] = [];
      for (let i = 0; i < CALLS; i += 1) times.push(await call(s.db, hero));
      print(
        `${String(rows).padStart(16)} | ${s.name.padEnd(8)} | ${quantile(times, 0.5).toFixed(2).padStart(5)} | ${quantile(times, 0.99).toFixed(2).padStart(5)}`,
      );
    }
  }
} finally {
  for (const s of sides) await s.dispose();
  await rm(withoutCounters, { recursive: true, force: true });
}
