import { randomUUID } from 'node:crypto';
import {
  AppError,
  createServiceEvents,
  type Database,
  InProcessEventBus,
  migrate,
  openPostgres,
} from '@lifequest/platform';
import {
  createIsolatedDatabase,
  describeWithInfra,
  type IsolatedPostgres,
} from '@lifequest/platform/testing';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type AiDb, createAiDb } from '../db.ts';
import type { ModelUsage } from '../providers/port.ts';
import { Meter } from './meter.ts';
import { DEFAULT_PRICES } from './prices.ts';

// PGlite runs one transaction at a time, so only real PostgreSQL, with a pool of connections checking
// the budget side by side, shows whether the per-hero lock makes the check and the reservation atomic.
await describeWithInfra('postgres', 'the AI budget on PostgreSQL', (postgresUrl) => {
  let isolated: IsolatedPostgres;
  let database: Database;
  let db: AiDb;
  let bus: InProcessEventBus;
  let meter: Meter;

  beforeAll(async () => {
    isolated = await createIsolatedDatabase(postgresUrl);
    database = await openPostgres(isolated.url, { max: 20 });
    await migrate(database, 'ai', new URL('../../prisma/migrations/', import.meta.url));
    db = createAiDb(database);
    bus = new InProcessEventBus();
    const events = createServiceEvents({ schema: 'ai', publisher: 'ai', prisma: db, bus });
    meter = new Meter(database, events, { prices: DEFAULT_PRICES, dailyBudget: 3_500 });
  });
  afterAll(async () => {
    await db?.$disconnect();
    await bus?.close();
    await database?.close();
    await isolated?.dispose();
  });

  it('admits parallel calls of one hero one at a time, until their allowances fill the budget', async () => {
    const userId = randomUUID();
    const N = 20;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    let refused = 0;
    const usage: ModelUsage = {
      model: 'gpt-4o-mini',
      promptTokens: 600,
      completionTokens: 400,
      source: 'api',
    };
    const calls = Array.from({ length: N }, () =>
      meter
        .metered(userId, 'advisor', 1_000, async (onUsage) => {
          started += 1;
          await held;
          onUsage(usage);
          return 'answered';
        })
        .catch((error: unknown) => {
          refused += 1;
          return error instanceof AppError ? error.code : String(error);
        }),
    );
    // Every call has either reached its model (and waits there) or been refused.
    await vi.waitFor(() => expect(started + refused).toBe(N), { timeout: 20_000 });
    release();
    const outcomes = await Promise.all(calls);

    // 0, 1,000, 2,000 and 3,000 tokens held are under 3,500; 4,000 is not.
    expect(outcomes.filter((o) => o === 'answered')).toHaveLength(4);
    expect(outcomes.filter((o) => o === 'AI_BUDGET_EXCEEDED')).toHaveLength(N - 4);
    expect(await meter.spentToday(userId)).toBe(4_000);
    expect(await db.tokenReservation.count({ where: { userId } })).toBe(0);
  });

  it("counts the day's tokens of heroes settling side by side, none lost on the shared counters", async () => {
    const heroes = Array.from({ length: 16 }, () => randomUUID());
    const usage = (tokens: number): ModelUsage => ({
      model: 'gpt-4o-mini',
      promptTokens: tokens,
      completionTokens: 1,
      source: 'api',
    });
    await Promise.all(
      heroes.flatMap((hero, h) =>
        Array.from({ length: 3 }, (_, c) =>
          meter.metered(hero, 'advisor', 10, async (onUsage) => {
            onUsage(usage(h * 3 + c));
            return 'answered';
          }),
        ),
      ),
    );
    const [row] = await database.query<{ rows: string; counted: string; committed: string }>(
      `select (select sum(total_tokens) from ai.token_usage where created_at >= $1) as rows,
              (select sum(tokens) from ai.token_days where day >= ($1 at time zone 'UTC')::date) as counted,
              ai.installation_tokens_committed($1, now()) as committed`,
      [new Date(Date.UTC(2000, 0, 1))],
    );
    expect(Number(row!.counted)).toBe(Number(row!.rows));
    expect(Number(row!.committed)).toBe(Number(row!.rows));
  });
});
