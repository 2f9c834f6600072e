import type { Leaderboard, LeaderboardEntry, LeaderboardQuery } from '@lifequest/proto';
import type { SocialDb } from '../db.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { heroSummary } from '../heroes/projection.ts';

/** How many heroes the top of a board shows; the asking hero's own place follows when they are lower. */
export const LEADERBOARD_TOP = 10;

interface BoardRow {
  id: string;
  name: string;
  active_class_title: string;
  value: number;
}

/**
 * The rankings: onboarded heroes by totalXP or lifeLevel, highest first. Ties share a rank (1, 2, 2, 4):
 * a hero's rank is one more than the number of heroes with a higher value. The top is read from the
 * partial indexes on (value desc, name, id); a hero's own rank is a count over the same index.
 */
export class RankingService {
  readonly #db: SocialDb;

  constructor(db: SocialDb) {
    this.#db = db;
  }

  async board(userId: string, query: LeaderboardQuery): Promise<Leaderboard> {
    const column = Prisma.raw(query.type === 'level' ? 'life_level' : 'total_xp');
    // Friends scope: read from the hero's friendships (a short list) and then heroes by primary key.
    const heroes =
      query.scope === 'friends'
        ? Prisma.sql`(select ${userId}::uuid as id
             union all
             select f.friend_id from "social"."friendships" f where f.user_id = ${userId}::uuid) v
           join "social"."heroes" h on h.id = v.id`
        : Prisma.sql`"social"."heroes" h`;
    const top = await this.#db.$queryRaw<BoardRow[]>`
      select h.id, h.name, h.active_class_title, h.${column} as value
      from ${heroes}
      where h.onboarded
      order by h.${column} desc, h.name, h.id
      limit ${LEADERBOARD_TOP}`;
    const entries: LeaderboardEntry[] = [];
    for (const [index, row] of top.entries()) {
      const previous = entries[index - 1];
      const rank = previous && previous.value === row.value ? previous.rank : index + 1;
      entries.push(entry(rank, row));
    }
    if (top.some((row) => row.id === userId)) return entries;

    const [own] = await this.#db.$queryRaw<BoardRow[]>`
      select h.id, h.name, h.active_class_title, h.${column} as value
      from "social"."heroes" h where h.id = ${userId}::uuid and h.onboarded`;
    if (!own) return entries;
    const [ahead] = await this.#db.$queryRaw<{ count: bigint }[]>`
      select count(*) as count from ${heroes}
      where h.onboarded and h.${column} > ${own.value}`;
    return [...entries, entry(Number(ahead?.count ?? 0) + 1, own)];
  }
}

function entry(rank: number, row: BoardRow): LeaderboardEntry {
  return { rank, value: row.value, user: { id: row.id, ...heroSummary(row) } };
}
