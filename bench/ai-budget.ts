// `node bench/ai-budget.ts`: what an AI call's admission and reservation cost PostgreSQL as the day's
// usage grows, with the installation's daily cap on (as it is by default). Two databases side by side:
// `rows-sum`, migrated without ai's 0008 (the cap summed the day's usage rows), and `counters`, migrated
// fully (the cap reads the day's counters). Each is seeded with ROWS_LIST usage rows of today (default
// 0,20000,100000,300000, by 2,000 heroes), then one hero's call is admitted, reserved and released CALLS
// times (default 300) one after another by ai's own Meter (a call that spends nothing); prints each
// side's p50 and p99 per size. How to read it: docs/performance.md#the-ai-budget-check.

import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAiDb, Meter } from '@lifequest/ai';
import {
  createServiceEvents,
  type Database,
  InProcessEventBus,
  migrate,
  openPostgres,
} from '@lifequest/platform';
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
  meter: Meter;
  dispose: () => Promise<void>;
}

async function side(name: string, migrations: string | URL): Promise<Side> {
  const infra = await benchInfra();
  const db = await openPostgres(infra.databaseUrl, { max: 2 });
  await migrate(db, 'ai', migrations);
  const prisma = createAiDb(db);
  const bus = new InProcessEventBus();
  // Never written to: a call that spends nothing records no usage.
  const events = createServiceEvents({ schema: 'ai', publisher: 'ai', prisma, bus });
  const meter = new Meter(db, events, {
    prices: {},
    dailyBudget: 1_000_000_000,
    installationDailyBudget: 20_000_000_000,
  });
  return {
    name,
    db,
    meter,
    dispose: async () => {
      await prisma.$disconnect();
      await bus.close();
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

/** One call as the AI routes make it: admitted, its allowance reserved, released (it spent nothing). */
async function call(meter: Meter, hero: string): Promise<number> {
  const started = performance.now();
  await meter.admit(hero);
  await meter.metered(hero, 'advisor', 1_000, async () => 'answered');
  return performance.now() - started;
}

const withoutCounters = await mkdtemp(join(tmpdir(), 'lq-bench-ai-'));
await cp(MIGRATIONS, withoutCounters, {
  recursive: true,
  filter: (src) => !src.endsWith('0008_token_days.sql'),
});
const sides = [await side('rows-sum', withoutCounters), await side('counters', MIGRATIONS)];
try {
  print(`${CALLS} calls (admission, reservation, release) of one hero, one after another; ms`);
  print('usage rows today | side     |   p50 |   p99');
  for (const rows of ROWS_LIST) {
    for (const s of sides) await seedTo(s.db, rows);
    const hero = randomUUID();
    for (const s of sides) {
      for (let i = 0; i < 20; i += 1) await call(s.meter, hero); // warm the plans and caches
      const times: number[] = [];
      for (let i = 0; i < CALLS; i += 1) times.push(await call(s.meter, hero));
      print(
        `${String(rows).padStart(16)} | ${s.name.padEnd(8)} | ${quantile(times, 0.5).toFixed(2).padStart(5)} | ${quantile(times, 0.99).toFixed(2).padStart(5)}`,
      );
    }
  }
} finally {
  for (const s of sides) await s.dispose();
  await rm(withoutCounters, { recursive: true, force: true });
}
