import { type AdminUserRow, lifeLevelForXp } from '@lifequest/proto';
import type { AdminDb } from '../db.ts';

interface HeroRow {
  id: string;
  email: string;
  name: string;
  is_onboarded: boolean;
  total_xp: number;
  created_at: Date;
  goal_count: number;
  total_tokens: bigint;
  total_cost: number;
  requested_at: Date | null;
  pending: string[] | null;
}

/** The users overview (docs/product.md#admin): every registered hero with their quests and AI spend. */
export class AdminUsers {
  readonly #db: AdminDb;
  readonly #adminEmails: readonly string[];

  constructor(db: AdminDb, adminEmails: readonly string[]) {
    this.#db = db;
    this.#adminEmails = adminEmails;
  }

  async list(): Promise<AdminUserRow[]> {
    const rows = await this.#db.$queryRaw<HeroRow[]>`
      select h.id::text, h.email, h.name, h.is_onboarded, h.total_xp, h.created_at,
        (select count(*)::int from "admin"."hero_goals" g where g.user_id = h.id) as goal_count,
        coalesce(u.total_tokens, 0)::bigint as total_tokens,
        coalesce(u.total_cost, 0)::float8 as total_cost,
        d.requested_at, d.pending
      from "admin"."heroes" h
      left join (
        select user_id, sum(total_tokens) as total_tokens, sum(cost_usd) as total_cost
        from "admin"."ai_usage" where user_id is not null group by user_id
      ) u on u.user_id = h.id
      left join "admin"."deletions" d on d.user_id = h.id
      -- A hero seen only through later events (their user.registered still on its way) is not listed yet.
      where h.email is not null and h.created_at is not null
      order by h.created_at desc, h.id`;
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      is_onboarded: row.is_onboarded,
      life_level: lifeLevelForXp(row.total_xp),
      total_xp: row.total_xp,
      goal_count: row.goal_count,
      total_tokens: Number(row.total_tokens),
      total_cost: row.total_cost,
      created_at: row.created_at.toISOString(),
      is_admin: this.#adminEmails.includes(row.email.toLowerCase()),
      deletion: row.requested_at
        ? { requested_at: row.requested_at.toISOString(), pending_services: row.pending ?? [] }
        : null,
    }));
  }
}
