import {
  type DailyTokenStat,
  type ModelTokenStat,
  TOKEN_STATS_DAYS,
  type TokenStats,
  type TopSpender,
} from '@lifequest/proto';
import type { AdminDb } from '../db.ts';

/** How many heroes the top spenders list shows. */
export const TOP_SPENDERS = 10;

/** The name shown for the usage of heroes since deleted (their calls are kept without their id). */
export const DELETED_HEROES = 'Deleted heroes';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Sums {
  request_count: number;
  total_tokens: bigint;
  total_cost: number;
}

/** Token and cost stats over the last TOKEN_STATS_DAYS UTC days, today included (docs/product.md#admin). */
export class TokenStatsService {
  readonly #db: AdminDb;
  readonly #now: () => Date;

  constructor(db: AdminDb, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#now = now;
  }

  async stats(): Promise<TokenStats> {
    const now = this.#now();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const since = new Date(today - (TOKEN_STATS_DAYS - 1) * DAY_MS);
    // Every query reads "admin"."ai_usage" as u.
    const sums =
      'count(*)::int as request_count, sum(u.total_tokens)::bigint as total_tokens, sum(u.cost_usd)::float8 as total_cost';
    const [totals, daily, byModel, spenders] = await this.#db.$transaction([
      this.#db.$queryRawUnsafe<Sums[]>(
        `select ${sums} from "admin"."ai_usage" u where u.recorded_at >= $1`,
        since,
      ),
      this.#db.$queryRawUnsafe<(Sums & { date: string; endpoint: string })[]>(
        `select to_char(u.recorded_at at time zone 'UTC', 'YYYY-MM-DD') as date, u.endpoint, ${sums}
         from "admin"."ai_usage" u where u.recorded_at >= $1
         group by 1, 2 order by 1 desc, 2`,
        since,
      ),
      this.#db.$queryRawUnsafe<(Sums & { model: string })[]>(
        `select u.model, ${sums} from "admin"."ai_usage" u where u.recorded_at >= $1
         group by u.model order by total_cost desc, total_tokens desc, u.model`,
        since,
      ),
      this.#db.$queryRawUnsafe<(Sums & { user_id: string | null; name: string | null })[]>(
        `select u.user_id::text, h.name, ${sums}
         from "admin"."ai_usage" u left join "admin"."heroes" h on h.id = u.user_id
         where u.recorded_at >= $1
         group by u.user_id, h.name order by total_cost desc, total_tokens desc, u.user_id nulls last
         limit ${TOP_SPENDERS}`,
        since,
      ),
    ]);
    const total = totals[0];
    return {
      total_stats: {
        total_cost: total?.total_cost ?? 0,
        total_tokens: Number(total?.total_tokens ?? 0),
        total_requests: total?.request_count ?? 0,
      },
      daily_stats: daily.map(
        (row): DailyTokenStat => ({ date: row.date, endpoint: row.endpoint, ...numbers(row) }),
      ),
      by_model: byModel.map((row): ModelTokenStat => ({ model: row.model, ...numbers(row) })),
      top_spenders: spenders.map(
        (row): TopSpender => ({
          user_id: row.user_id,
          name: row.user_id === null ? DELETED_HEROES : (row.name ?? ''),
          ...numbers(row),
        }),
      ),
    };
  }
}

function numbers(row: Sums): { request_count: number; total_tokens: number; total_cost: number } {
  return {
    request_count: row.request_count,
    total_tokens: Number(row.total_tokens ?? 0),
    total_cost: row.total_cost ?? 0,
  };
}
