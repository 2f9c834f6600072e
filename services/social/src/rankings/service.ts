import type { Queryable } from '@lifequest/platform';
import type { Leaderboard, LeaderboardEntry, LeaderboardQuery } from '@lifequest/proto';
import { heroSummary } from '../heroes/projection.ts';

/** How many heroes the top of a board shows; the asking hero's own place follows when they are lower. */
export const LEADERBOARD_TOP = 10;

interface BoardRow {
  id: string;
  name: string;
  active_class_title: string;
  value: number;
}

/** Everyone on the board, or the hero and their friends ($1 is the asking hero). */
const SCOPES = {
  global: `"social"."heroes" h`,
  friends: `(select $1::uuid as id
             union all
             select f.friend_id from "social"."friendships" f where f.user_id = $1::uuid) v
           join "social"."heroes" h on h.id = v.id`,
} as const;

/**
 * Whether a hero was blocked by the asking hero ($1) or blocked them: two primary-key lookups, so the
 * top of a board still reads its index in order.
 */
const BLOCKED = (hero: string) =>
  `(exists (select 1 from "social"."blocks" b where b.user_id = $1::uuid and b.blocked_id = ${hero}.id)
    or exists (select 1 from "social"."blocks" b where b.user_id = ${hero}.id and b.blocked_id = $1::uuid))`;

/** The heroes blocked either way with the asking hero ($1): a handful, read from the two indexes. */
const BLOCKED_IDS = `(select b.blocked_id as id from "social"."blocks" b where b.user_id = $1::uuid
                       union
                       select b.user_id from "social"."blocks" b where b.blocked_id = $1::uuid)`;

/**
 * Who a board shows: onboarded heroes; the global boards only those who stay on them (a hero who left
 * is on no global board, their own included, while their friends still rank them); never a blocked one.
 */
const SHOWN = {
  global: (hero: string) => `${hero}.onboarded and ${hero}.show_in_rankings and not ${BLOCKED(hero)}`,
  friends: (hero: string) => `${hero}.onboarded and not ${BLOCKED(hero)}`,
} as const;

const COLUMNS = { total_xp: 'total_xp', level: 'life_level', streak: 'streak_current' } as const;

/**
 * How many heroes of the scope are ahead of `me` (their value is higher). Among friends, a count: a
 * hero has few. On the global board, a sum of at most 32 of the blocks social.rank_blocks keeps
 * (migration 0003): with u = value + 2^31, the values above u are, for each level k where bit k of u
 * is 0, the block (u >> k) + 1 of that level. The same number the count gives, at any population.
 */
const AHEAD = {
  friends: (type: LeaderboardQuery['type']) =>
    `select count(*)::int from ${SCOPES.friends} where ${SHOWN.friends('h')} and h.${COLUMNS[type]} > me.${COLUMNS[type]}`,
  // The blocks count every hero on the global board; those blocked either way are then taken off (few).
  global: (type: LeaderboardQuery['type']) =>
    type === 'streak'
      ? // Streaks are short numbers most heroes share (0, 1, 2...): a count on their index is enough.
        `select count(*)::int from "social"."heroes" h where ${SHOWN.global('h')} and h.streak_current > me.streak_current`
      : `select coalesce(sum(b.heroes), 0)::int
            - (select count(*)::int from ${BLOCKED_IDS} x join "social"."heroes" hx on hx.id = x.id
                where hx.onboarded and hx.show_in_rankings and hx.${COLUMNS[type]} > me.${COLUMNS[type]})
       from generate_series(0, 31) k(level)
       join "social"."rank_blocks" b
         on b.board = '${type}' and b.level = k.level
        and b.block = ((me.${COLUMNS[type]}::bigint + 2147483648) >> k.level) + 1
      where ((me.${COLUMNS[type]}::bigint + 2147483648) >> k.level) & 1 = 0`,
} as const;

/**
 * The rankings: onboarded heroes by totalXP or lifeLevel, highest first. Ties share a rank (1, 2, 2, 4):
 * a hero's rank is one more than the number of heroes with a higher value. The top is read from the
 * partial indexes on (value desc, name, id); a hero's own rank is the number of heroes ahead (AHEAD).
 *
 * The board is polled every 30 s by every open Fellowship Hall, so it is read through the driver in one
 * statement: the top, and the hero's own row with the number ahead of them when they are not in it
 * (through Prisma it was three statements, each with the client's own overhead).
 */
export class RankingService {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  async board(userId: string, query: LeaderboardQuery): Promise<Leaderboard> {
    const column = COLUMNS[query.type];
    // The top in its order (place 1..10), then the asking hero's own row when they are not in it.
    const rows = await this.#db.query<BoardRow & { place: number; ahead: number | null }>(
      `with top as (
         select h.id, h.name, h.active_class_title, h.${column} as value,
                row_number() over (order by h.${column} desc, h.name, h.id)::int as place
           from ${SCOPES[query.scope]}
          where ${SHOWN[query.scope]('h')}
          order by h.${column} desc, h.name, h.id
          limit ${LEADERBOARD_TOP}
       )
       select id, name, active_class_title, value, place, null::int as ahead from top
       union all
       select me.id, me.name, me.active_class_title, me.${column}, ${LEADERBOARD_TOP + 1},
              (${AHEAD[query.scope](query.type)})
         from "social"."heroes" me
        where me.id = $1::uuid and me.onboarded ${query.scope === 'global' ? 'and me.show_in_rankings' : ''}
          and not exists (select 1 from top where top.id = me.id)
       order by place`,
      [userId],
    );
    const entries: LeaderboardEntry[] = [];
    for (const [index, row] of rows.entries()) {
      const previous = entries[index - 1];
      if (row.ahead !== null) entries.push(entry(row.ahead + 1, row));
      else entries.push(entry(previous && previous.value === row.value ? previous.rank : index + 1, row));
    }
    return entries;
  }
}

function entry(rank: number, row: BoardRow): LeaderboardEntry {
  return { rank, value: row.value, user: { id: row.id, ...heroSummary(row) } };
}
