import type { HttpServer, Queryable } from '@lifequest/platform';
import { XpHistory, XpHistoryQuery } from '@lifequest/proto';

interface LineRow {
  created_at: Date | string;
  amount: number;
  reason: string;
  quest_title: string | null;
  milestone_title: string | null;
}

/*
 * A page of the hero's ledger, newest first, older than `before`. The lines one event wrote share its
 * time, so a page never splits them: it ends with every line of its oldest time, which may make it a
 * little longer than `limit`, and the next page (before = that time) starts after them. Lines that
 * moved nothing (a reopening of a milestone that had earned nothing) are not shown.
 */
const PAGE = `
  with page as (
    select created_at from auth.xp_ledger
     where user_id = $1::uuid and amount <> 0 and ($2::timestamptz is null or created_at < $2::timestamptz)
     order by created_at desc limit $3)
  select created_at, amount, reason, quest_title, milestone_title from auth.xp_ledger
   where user_id = $1::uuid and amount <> 0 and ($2::timestamptz is null or created_at < $2::timestamptz)
     and created_at >= (select min(created_at) from page)
   order by created_at desc, id desc`;

/** Why a hero's XP is what it is (docs/features/data-ownership.md#xp-history). */
export class XpHistoryService {
  readonly #sql: Queryable;

  constructor(sql: Queryable) {
    this.#sql = sql;
  }

  async page(userId: string, query: XpHistoryQuery): Promise<XpHistory> {
    const rows = await this.#sql.query<LineRow>(PAGE, [userId, query.before ?? null, query.limit]);
    return {
      items: rows.map((row) => ({
        at: new Date(row.created_at).toISOString(),
        amount: row.amount,
        reason: row.reason,
        ...(row.quest_title === null ? {} : { quest_title: row.quest_title }),
        ...(row.milestone_title === null ? {} : { milestone_title: row.milestone_title }),
      })),
    };
  }
}

export function xpHistoryRoutes(app: HttpServer, history: XpHistoryService): void {
  app.get(
    '/api/xp/history',
    { config: { access: 'hero' }, schema: { querystring: XpHistoryQuery, response: { 200: XpHistory } } },
    async (request) => history.page(request.hero.userId, request.query),
  );
}
