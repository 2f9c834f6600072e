import { AppError, type Emit, type Logger } from '@lifequest/platform';
import type { AiDb, AiEvents, AiTx } from '../db.ts';
import { costOf, type PriceTable, priceOf } from './prices.ts';
import type { ModelUsage } from './usage.ts';

/** Where a model call was made; the admin's daily stats group by it. */
export type AiEndpoint = 'onboarding' | 'floating-chat' | 'advisor' | 'story';

export interface RecordedUsage extends ModelUsage {
  id: string;
  userId: string | null;
  endpoint: AiEndpoint;
  totalTokens: number;
  costUsd: number;
}

/**
 * How long a reservation counts against the budget. Far longer than any call (timeouts, retries, a long
 * stream); it only matters for a reservation whose process died before it could settle it.
 */
export const RESERVATION_TTL_MS = 15 * 60_000;

/** The window of the per-hero call rate. */
const RATE_WINDOW_MS = 60_000;

/**
 * Token metering and the per-hero daily budget. Every model call becomes one token_usage row and one
 * ai.usage.recorded event, written in the same transaction. The budget counts a hero's tokens since
 * midnight UTC plus the tokens reserved by their calls still running; a call is allowed while that is
 * under the budget, so the call that crosses the line finishes, and the next one is refused.
 *
 * Before the model is asked, the call reserves what it may spend at most (its prompt and the longest
 * answer allowed) in the same transaction as the check, under a per-hero lock: parallel calls queue
 * for the check, each sees the others' reservations, and once the budget is spoken for the rest are
 * refused. Afterwards the reservation is swapped for the usage actually reported (or just dropped when
 * the call failed before spending anything). So a hero's day ends at most one call's allowance over.
 */
export class Meter {
  readonly #db: AiDb;
  readonly #events: AiEvents;
  readonly #prices: PriceTable;
  readonly #dailyBudget: number;
  readonly #ratePerMinute: number;
  readonly #installationDailyBudget: number;
  readonly #log: Logger | undefined;
  readonly #unpriced = new Set<string>();

  constructor(
    db: AiDb,
    events: AiEvents,
    options: {
      prices: PriceTable;
      dailyBudget: number;
      /** AI calls a hero may start per minute (`admit`); unlimited when absent. */
      ratePerMinute?: number;
      /** Tokens all heroes together may spend per UTC day; unlimited when absent. */
      installationDailyBudget?: number;
      log?: Logger;
    },
  ) {
    this.#db = db;
    this.#events = events;
    this.#prices = options.prices;
    this.#dailyBudget = options.dailyBudget;
    this.#ratePerMinute = options.ratePerMinute ?? Number.POSITIVE_INFINITY;
    this.#installationDailyBudget = options.installationDailyBudget ?? Number.POSITIVE_INFINITY;
    this.#log = options.log;
  }

  get dailyBudget(): number {
    return this.#dailyBudget;
  }

  /** Tokens the hero has used since midnight UTC. */
  async spentToday(userId: string, now = new Date()): Promise<number> {
    return spentSince(this.#db, userId, now);
  }

  /**
   * Refuses with 429 AI_BUDGET_EXCEEDED when the hero's tokens today and those held by their calls in
   * flight reach the budget. An early answer for requests that call a model later (a story job); the
   * call itself is admitted by `metered`.
   */
  async assertWithinBudget(userId: string, now = new Date()): Promise<void> {
    const committed = (await spentSince(this.#db, userId, now)) + (await heldAt(this.#db, userId, now));
    if (committed >= this.#dailyBudget) throw this.#exceeded(now);
    await this.#assertInstallationBudget(this.#db, now);
  }

  /**
   * Lets a hero start an AI call, or refuses with 429 and `Retry-After`: RATE_LIMITED past
   * `ratePerMinute` calls in the last minute, AI_BUDGET_EXCEEDED once their day's budget or the
   * installation's is spent. Runs before a request does any work (no prompt is counted for a refused
   * call), and records the start under the hero's lock, so parallel requests cannot all slip through.
   */
  async admit(userId: string, now = new Date()): Promise<void> {
    await this.#events.transaction(async (tx) => {
      await lockBudget(tx, userId);
      const windowStart = new Date(now.getTime() - RATE_WINDOW_MS);
      await tx.callStart.deleteMany({ where: { userId, startedAt: { lte: windowStart } } });
      const recent = await tx.callStart.findMany({
        where: { userId },
        orderBy: { startedAt: 'asc' },
        select: { startedAt: true },
      });
      if (recent.length >= this.#ratePerMinute) {
        const oldest = recent[0]!.startedAt.getTime();
        throw new AppError(
          'RATE_LIMITED',
          `The Pathfinder takes ${this.#ratePerMinute} questions a minute. Ask again in a moment.`,
          { retryAfterSeconds: (oldest + RATE_WINDOW_MS - now.getTime()) / 1000 },
        );
      }
      const committed = (await spentSince(tx, userId, now)) + (await heldAt(tx, userId, now));
      if (committed >= this.#dailyBudget) throw this.#exceeded(now);
      await this.#assertInstallationBudget(tx, now);
      await tx.callStart.create({ data: { userId, startedAt: now } });
    });
  }

  /**
   * Runs a provider call within the hero's budget: reserves `allowance` tokens first (or refuses with
   * 429 AI_BUDGET_EXCEEDED, without calling the model), then records every usage the call reports,
   * whether it succeeds, fails or is aborted halfway (tokens spent are tokens spent), and drops the
   * reservation in the same transaction.
   */
  async metered<T>(
    userId: string | null,
    endpoint: AiEndpoint,
    allowance: number | Promise<number>,
    call: (onUsage: (usage: ModelUsage) => void) => Promise<T>,
    now: Date = new Date(),
  ): Promise<T> {
    const reservation = userId === null ? null : await this.#reserve(userId, endpoint, await allowance, now);
    const usages: ModelUsage[] = [];
    try {
      return await call((usage) => usages.push(usage));
    } finally {
      await this.#settle(userId, endpoint, usages, reservation);
    }
  }

  /** The budget check and the reservation, atomic per hero: concurrent calls take turns here. */
  async #reserve(userId: string, endpoint: AiEndpoint, allowance: number, now: Date): Promise<string> {
    return this.#events.transaction(async (tx) => {
      await lockBudget(tx, userId);
      await tx.tokenReservation.deleteMany({ where: { userId, expiresAt: { lte: now } } });
      const committed = (await spentSince(tx, userId, now)) + (await heldAt(tx, userId, now));
      if (committed >= this.#dailyBudget) throw this.#exceeded(now);
      await this.#assertInstallationBudget(tx, now);
      const row = await tx.tokenReservation.create({
        data: {
          userId,
          endpoint,
          tokens: Math.max(0, Math.ceil(allowance)),
          expiresAt: new Date(now.getTime() + RESERVATION_TTL_MS),
        },
      });
      return row.id;
    });
  }

  async #settle(
    userId: string | null,
    endpoint: AiEndpoint,
    usages: readonly ModelUsage[],
    reservation: string | null,
  ): Promise<void> {
    try {
      await this.#events.transaction(async (tx, emit) => {
        // Under the same lock as #reserve, so a check never sees the reservation gone but not its usage.
        if (userId !== null) await lockBudget(tx, userId);
        for (const usage of usages) await this.#write(tx, emit, userId, endpoint, usage);
        if (reservation) await tx.tokenReservation.deleteMany({ where: { id: reservation } });
      });
    } catch (error) {
      // The answer (or its error) still goes to the hero; the lost rows are loud in the logs.
      this.#log?.error({ err: error, userId, endpoint, usages }, 'could not record AI usage');
      // Without its usage the reservation is the best record of the spend: it stays until it expires.
    }
  }

  async #write(
    tx: AiTx,
    emit: Emit,
    userId: string | null,
    endpoint: AiEndpoint,
    usage: ModelUsage,
  ): Promise<RecordedUsage> {
    const price = priceOf(this.#prices, usage.model);
    if (!price && !this.#unpriced.has(usage.model)) {
      this.#unpriced.add(usage.model);
      this.#log?.warn(
        { model: usage.model },
        'no price for this model: its calls cost 0 until AI_PRICES names it',
      );
    }
    const totalTokens = usage.promptTokens + usage.completionTokens;
    const costUsd = costOf(price, usage.promptTokens, usage.completionTokens);
    const created = await tx.tokenUsage.create({
      data: {
        userId,
        endpoint,
        model: usage.model,
        promptTokens: usage.promptTokens,
        completionTokens: usage.completionTokens,
        totalTokens,
        costUsd,
        source: usage.source,
      },
    });
    await emit(
      'ai.usage.recorded',
      {
        usageId: created.id,
        userId,
        endpoint,
        model: usage.model,
        promptTokens: usage.promptTokens,
        completionTokens: usage.completionTokens,
        totalTokens,
        costUsd,
        recordedAt: created.createdAt.toISOString(),
      },
      userId,
    );
    return { ...usage, id: created.id, userId, endpoint, totalTokens, costUsd };
  }

  /**
   * The installation's ceiling: today's tokens of every hero plus those held by calls in flight. Not
   * under a lock across heroes, so calls admitted at the same moment may end the day a few allowances over.
   */
  async #assertInstallationBudget(db: Reader, now: Date): Promise<void> {
    if (!Number.isFinite(this.#installationDailyBudget)) return;
    const [spent, held] = await Promise.all([
      db.tokenUsage.aggregate({
        where: { createdAt: { gte: startOfUtcDay(now) } },
        _sum: { totalTokens: true },
      }),
      db.tokenReservation.aggregate({ where: { expiresAt: { gt: now } }, _sum: { tokens: true } }),
    ]);
    if ((spent._sum.totalTokens ?? 0) + (held._sum.tokens ?? 0) < this.#installationDailyBudget) return;
    this.#log?.warn({ budget: this.#installationDailyBudget }, "the installation's daily AI budget is spent");
    throw new AppError(
      'AI_BUDGET_EXCEEDED',
      'The Pathfinder has answered all it can for everyone today. It rests until midnight UTC; your ' +
        'quests and stories are all still here.',
      { retryAfterSeconds: secondsToMidnightUtc(now) },
    );
  }

  #exceeded(now: Date): AppError {
    return new AppError(
      'AI_BUDGET_EXCEEDED',
      `You have used today's ${this.#dailyBudget.toLocaleString('en-US')} AI tokens. The Pathfinder rests until ` +
        'midnight UTC; your quests and stories are all still here.',
      { retryAfterSeconds: secondsToMidnightUtc(now) },
    );
  }
}

type Reader = Pick<AiTx, 'tokenUsage' | 'tokenReservation'>;

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

function secondsToMidnightUtc(now: Date): number {
  return (startOfUtcDay(now).getTime() + 86_400_000 - now.getTime()) / 1000;
}

async function spentSince(db: Reader, userId: string, now: Date): Promise<number> {
  const result = await db.tokenUsage.aggregate({
    where: { userId, createdAt: { gte: startOfUtcDay(now) } },
    _sum: { totalTokens: true },
  });
  return result._sum.totalTokens ?? 0;
}

/** Tokens held by the hero's calls in flight. */
async function heldAt(db: Reader, userId: string, now: Date): Promise<number> {
  const result = await db.tokenReservation.aggregate({
    where: { userId, expiresAt: { gt: now } },
    _sum: { tokens: true },
  });
  return result._sum.tokens ?? 0;
}

/**
 * One hero's budget lock, held to the end of the transaction. PostgreSQL queues other transactions of
 * the same hero behind it; PGlite runs one transaction at a time anyway, and takes the lock all the same.
 */
async function lockBudget(tx: AiTx, userId: string): Promise<void> {
  await tx.$executeRaw`select pg_advisory_xact_lock(hashtext(${`lifequest.ai.budget.${userId}`}))`;
}
