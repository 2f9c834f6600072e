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

const COLUMNS = { total_xp: 'total_xp', level: 'life_level' } as const;

/**
 * How many heroes of the scope are ahead of `me` (their value is higher). Among friends, a count: a
 * hero has few. On the global board, a sum of at most 32 of the blocks social.rank_blocks keeps
 * (migration 0003): with u = value + 2^31, the values above u are, for each level k where bit k of u
 * is 0, the block (u >> k) + 1 of that level. The same number the count gives, at any population.
 */
const AHEAD = {
  friends: (type: LeaderboardQuery['type']) =>
    `select count(*)::int from ${SCOPES.friends} where h.onboarded and h.${COLUMNS[type]} > me.${COLUMNS[type]}`,
  global: (type: LeaderboardQuery['type']) =>
    `select coalesce(sum(b.heroes), 0)::int
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
 * The board is polled every 30 s by every open Fellowship Hall, so it is read through the driver in
 * two statements (the top, then the hero's own row with their count ahead, only when they are not in
 * the top): through Prisma it was three, each with the client's own overhead.
 */
export class RankingService {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  async board(userId: string, query: LeaderboardQuery): Promise<Leaderboard> {
    const column = COLUMNS[query.type];
    const heroes = SCOPES[query.scope];
    const top = await this.#db.query<BoardRow>(
      `select h.id, h.name, h.active_class_title, h.${column} as value
         from ${heroes}
        where h.onboarded
        order by h.${column} desc, h.name, h.id
        limit ${LEADERBOARD_TOP}`,
      query.scope === 'friends' ? [userId] : [],
    );
    const entries: LeaderboardEntry[] = [];
    for (const [index, row] of top.entries()) {
      const previous = entries[index - 1];
      const rank = previous && previous.value === row.value ? previous.rank : index + 1;
      entries.push(entry(rank, row));
    }
    if (top.some((row) => row.id === userId)) return entries;

    const [own] = await this.#db.query<BoardRow & { ahead: number }>(
      `select me.id, me.name, me.active_class_title, me.${column} as value, (${AHEAD[query.scope](query.type)}) as ahead
         from "social"."heroes" me where me.id = $1::uuid and me.onboarded`,
      [userId],
    );
    return own ? [...entries, entry(own.ahead + 1, own)] : entries;
  }
}

function entry(rank: number, row: BoardRow): LeaderboardEntry {
  return { rank, value: row.value, user: { id: row.id, ...heroSummary(row) } };
}
