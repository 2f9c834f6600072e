import { AppError, type Logger } from '@lifequest/platform';
import type { AiDb, AiEvents } from '../db.ts';
import type { ModelUsage } from '../providers/port.ts';
import { costOf, type PriceTable, priceOf } from './prices.ts';

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
 * Token metering and the per-hero daily budget. Every model call becomes one token_usage row and one
 * ai.usage.recorded event, written in the same transaction. The budget counts a hero's tokens since
 * midnight UTC; a call is allowed while the hero is under it, so the call that crosses the line
 * finishes, and the next one is refused.
 */
export class Meter {
  readonly #db: AiDb;
  readonly #events: AiEvents;
  readonly #prices: PriceTable;
  readonly #dailyBudget: number;
  readonly #log: Logger | undefined;
  readonly #unpriced = new Set<string>();

  constructor(
    db: AiDb,
    events: AiEvents,
    options: { prices: PriceTable; dailyBudget: number; log?: Logger },
  ) {
    this.#db = db;
    this.#events = events;
    this.#prices = options.prices;
    this.#dailyBudget = options.dailyBudget;
    this.#log = options.log;
  }

  get dailyBudget(): number {
    return this.#dailyBudget;
  }

  /** Tokens the hero has used since midnight UTC. */
  async spentToday(userId: string, now = new Date()): Promise<number> {
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const result = await this.#db.tokenUsage.aggregate({
      where: { userId, createdAt: { gte: since } },
      _sum: { totalTokens: true },
    });
    return result._sum.totalTokens ?? 0;
  }

  /** Refuses with 429 AI_BUDGET_EXCEEDED when the hero has used up today's tokens. */
  async assertWithinBudget(userId: string, now = new Date()): Promise<void> {
    const spent = await this.spentToday(userId, now);
    if (spent < this.#dailyBudget) return;
    throw new AppError(
      'AI_BUDGET_EXCEEDED',
      `You have used today's ${this.#dailyBudget.toLocaleString('en-US')} AI tokens. The Pathfinder rests until ` +
        'midnight UTC; your quests and stories are all still here.',
    );
  }

  async record(userId: string | null, endpoint: AiEndpoint, usage: ModelUsage): Promise<RecordedUsage> {
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
    const row = await this.#events.transaction(async (tx) => {
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
      await this.#events.record(
        tx,
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
      return created;
    });
    return { ...usage, id: row.id, userId, endpoint, totalTokens, costUsd };
  }

  /**
   * Runs a provider call and records every usage it reports, whether the call succeeds, fails or is
   * aborted halfway: tokens spent are tokens spent.
   */
  async metered<T>(
    userId: string | null,
    endpoint: AiEndpoint,
    call: (onUsage: (usage: ModelUsage) => void) => Promise<T>,
  ): Promise<T> {
    const usages: ModelUsage[] = [];
    try {
      return await call((usage) => usages.push(usage));
    } finally {
      for (const usage of usages) {
        try {
          await this.record(userId, endpoint, usage);
        } catch (error) {
          // The answer (or its error) still goes to the hero; the lost row is loud in the logs.
          this.#log?.error({ err: error, userId, endpoint, usage }, 'could not record AI usage');
        }
      }
    }
  }
}
