import { AppError, type Emit, type Logger, type Queryable } from '@lifequest/platform';
import type { AiEvents, AiTx } from '../db.ts';
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
 *
 * Every reply pays for this, so the admission and the reservation are one round trip each: SQL functions
 * (migration 0004) that take the lock and then read the budget, and the settlement is one transaction of
 * two statements per usage. They are sent straight through the driver (`sql`), not through Prisma.
 */
export class Meter {
  readonly #sql: Queryable;
  readonly #events: AiEvents;
  readonly #prices: PriceTable;
  readonly #dailyBudget: number;
  readonly #ratePerMinute: number;
  readonly #installationDailyBudget: number;
  readonly #log: Logger | undefined;
  readonly #unpriced = new Set<string>();

  constructor(
    /** The service's database, through its driver. */
    sql: Queryable,
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
    this.#sql = sql;
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
    const [row] = await this.#sql.query<{ spent: Count }>(
      `select sum(total_tokens) as spent from ai.token_usage where user_id = $1::uuid and created_at >= $2`,
      [userId, startOfUtcDay(now)],
    );
    return Number(row?.spent ?? 0);
  }

  /**
   * Refuses with 429 AI_BUDGET_EXCEEDED when the hero's tokens today and those held by their calls in
   * flight reach the budget. An early answer for requests that call a model later (a story job); the
   * call itself is admitted by `metered`.
   */
  async assertWithinBudget(userId: string, now = new Date()): Promise<void> {
    const [row] = await this.#sql.query<{ hero: Count; installation: Count }>(
      `select ai.hero_tokens_committed($1::uuid, $2, $3) as hero,
              case when $4::bigint is null then null else ai.installation_tokens_committed($2, $3) end
                as installation`,
      [userId, startOfUtcDay(now), now, this.#installationLimit()],
    );
    if (Number(row!.hero) >= this.#dailyBudget) throw this.#exceeded(now);
    if (row!.installation !== null && Number(row!.installation) >= this.#installationDailyBudget) {
      throw this.#installationExceeded(now);
    }
  }

  /**
   * Lets a hero start an AI call, or refuses with 429 and `Retry-After`: RATE_LIMITED past
   * `ratePerMinute` calls in the last minute, AI_BUDGET_EXCEEDED once their day's budget or the
   * installation's is spent. Runs before a request does any work (no prompt is counted for a refused
   * call), and records the start under the hero's lock, so parallel requests cannot all slip through.
   */
  async admit(userId: string, now = new Date()): Promise<void> {
    const [row] = await this.#sql.query<{
      refused: Refusal | 'RATE_LIMITED' | null;
      oldest_start: Date | null;
    }>('select refused, oldest_start from ai.admit_call($1::uuid, $2, $3, $4, $5, $6, $7)', [
      userId,
      now,
      new Date(now.getTime() - RATE_WINDOW_MS),
      Number.isFinite(this.#ratePerMinute) ? this.#ratePerMinute : null,
      startOfUtcDay(now),
      this.#dailyBudget,
      this.#installationLimit(),
    ]);
    if (row?.refused === 'RATE_LIMITED') {
      const oldest = new Date(row.oldest_start!).getTime();
      throw new AppError(
        'RATE_LIMITED',
        `The Pathfinder takes ${this.#ratePerMinute} questions a minute. Ask again in a moment.`,
        { retryAfterSeconds: (oldest + RATE_WINDOW_MS - now.getTime()) / 1000 },
      );
    }
    if (row?.refused) throw this.#refusal(row.refused, now);
  }

  /**
   * Runs a provider call within the hero's budget: reserves `allowance` tokens first (or refuses with
   * 429 AI_BUDGET_EXCEEDED, without calling the model), then records every usage the call reports,
   * whether it succeeds, fails or is aborted halfway (tokens spent are tokens spent), and drops the
   * reservation in the same transaction. `alongside`, given the answer, runs while the usage is being
   * recorded (a reply's conversation is saved meanwhile, not after); both are done when this resolves.
   */
  async metered<T>(
    userId: string | null,
    endpoint: AiEndpoint,
    allowance: number | Promise<number>,
    call: (onUsage: (usage: ModelUsage) => void) => Promise<T>,
    now: Date = new Date(),
    alongside?: (answer: T) => Promise<void>,
  ): Promise<T> {
    const reservation = userId === null ? null : await this.#reserve(userId, endpoint, await allowance, now);
    const usages: ModelUsage[] = [];
    let answer: T;
    try {
      answer = await call((usage) => usages.push(usage));
    } catch (error) {
      await this.#settle(userId, endpoint, usages, reservation);
      throw error;
    }
    // #settle never throws: it logs what it could not record.
    const settled = this.#settle(userId, endpoint, usages, reservation);
    try {
      await alongside?.(answer);
    } finally {
      await settled;
    }
    return answer;
  }

  /** The budget check and the reservation, atomic per hero: concurrent calls take turns here. */
  async #reserve(userId: string, endpoint: AiEndpoint, allowance: number, now: Date): Promise<string> {
    const [row] = await this.#sql.query<{ refused: Refusal | null; reservation_id: string | null }>(
      'select refused, reservation_id from ai.reserve_tokens($1::uuid, $2, $3, $4, $5, $6, $7, $8)',
      [
        userId,
        endpoint,
        Math.max(0, Math.ceil(allowance)),
        now,
        new Date(now.getTime() + RESERVATION_TTL_MS),
        startOfUtcDay(now),
        this.#dailyBudget,
        this.#installationLimit(),
      ],
    );
    if (row?.refused) throw this.#refusal(row.refused, now);
    return row!.reservation_id!;
  }

  /**
   * Swaps the reservation for the usage reported, in one transaction. It needs no lock: a budget check
   * reads usage and reservations in one statement, so it sees both sides of the swap or neither.
   */
  async #settle(
    userId: string | null,
    endpoint: AiEndpoint,
    usages: readonly ModelUsage[],
    reservation: string | null,
  ): Promise<void> {
    try {
      if (usages.length === 0) {
        if (reservation) await this.#sql.query(DROP_RESERVATION, [reservation]);
        return;
      }
      await this.#events.transaction(async (tx, emit) => {
        for (const [i, usage] of usages.entries()) {
          await this.#write(tx, emit, userId, endpoint, usage, i === 0 ? reservation : null);
        }
      });
    } catch (error) {
      // The answer (or its error) still goes to the hero; the lost rows are loud in the logs.
      this.#log?.error({ err: error, userId, endpoint, usages }, 'could not record AI usage');
      // Without its usage the reservation is the best record of the spend: it stays until it expires.
    }
  }

  /** One usage row and its event; `reservation`, when given, is dropped by the same statement. */
  async #write(
    tx: AiTx,
    emit: Emit,
    userId: string | null,
    endpoint: AiEndpoint,
    usage: ModelUsage,
    reservation: string | null,
  ): Promise<void> {
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
    const [created] = await tx.$queryRawUnsafe<{ id: string; created_at: Date | string }[]>(
      RECORD_USAGE,
      userId,
      endpoint,
      usage.model,
      usage.promptTokens,
      usage.completionTokens,
      totalTokens,
      costUsd,
      usage.source,
      reservation,
    );
    await emit(
      'ai.usage.recorded',
      {
        usageId: created!.id,
        userId,
        endpoint,
        model: usage.model,
        promptTokens: usage.promptTokens,
        completionTokens: usage.completionTokens,
        totalTokens,
        costUsd,
        recordedAt: new Date(created!.created_at).toISOString(),
      },
      userId,
    );
  }

  /**
   * The installation's ceiling as the SQL functions take it (null: none): today's tokens of every hero
   * (the day's counters, kept by a trigger on every usage row: migration 0008) plus those held by calls
   * in flight. Not under a lock across heroes, so calls admitted at the same moment may end the day a few
   * allowances over.
   */
  #installationLimit(): number | null {
    return Number.isFinite(this.#installationDailyBudget) ? this.#installationDailyBudget : null;
  }

  #refusal(refused: Refusal, now: Date): AppError {
    return refused === 'HERO_BUDGET' ? this.#exceeded(now) : this.#installationExceeded(now);
  }

  #installationExceeded(now: Date): AppError {
    this.#log?.warn({ budget: this.#installationDailyBudget }, "the installation's daily AI budget is spent");
    return new AppError(
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

/** A sum as the driver gives it: PostgreSQL's bigint arrives as a string (pg) or a bigint (PGlite). */
type Count = string | number | bigint | null;

/** Which budget a SQL function found spent. */
type Refusal = 'HERO_BUDGET' | 'INSTALLATION_BUDGET';

const DROP_RESERVATION = 'delete from ai.token_reservations where id = $1::uuid';

/** A usage row; its call's reservation (if any) goes in the same statement. */
const RECORD_USAGE = `
  with dropped as (delete from ai.token_reservations where $9::uuid is not null and id = $9::uuid)
  insert into ai.token_usage
    (id, user_id, endpoint, model, prompt_tokens, completion_tokens, total_tokens, cost_usd, source)
  values (gen_random_uuid(), $1::uuid, $2, $3, $4::int, $5::int, $6::int, $7::float8, $8)
  returning id::text as id, created_at`;

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

function secondsToMidnightUtc(now: Date): number {
  return (startOfUtcDay(now).getTime() + 86_400_000 - now.getTime()) / 1000;
}
