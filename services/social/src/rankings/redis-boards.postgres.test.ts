import { randomUUID } from 'node:crypto';
import { type Database, migrate, openPostgres } from '@lifequest/platform';
import {
  createIsolatedDatabase,
  describeWithInfra,
  type IsolatedPostgres,
  resolveInfra,
  uniqueName,
} from '@lifequest/platform/testing';
import type { LeaderboardQuery } from '@lifequest/proto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { RedisRankingService } from './redis-boards.ts';
import { RankingService } from './service.ts';

// Both paths on the same rows of a real PostgreSQL, the Redis one on a real Redis: every hero, scope and
// board must read the same, before and after the rows change under it (ties, hidden, blocked, deleted).
const redisUrl = await resolveInfra('redis');

await describeWithInfra('postgres', 'the rankings from Redis sorted sets', (postgresUrl) => {
  let isolated: IsolatedPostgres;
  let database: Database;
  let redis: Redis;
  let sql: RankingService;
  let boards: RedisRankingService;
  const prefix = uniqueName('lqt').toLowerCase();
  const ids: Record<string, string> = {};

  const QUERIES: LeaderboardQuery[] = (['global', 'friends'] as const).flatMap((scope) =>
    (['total_xp', 'level', 'streak'] as const).map((type) => ({ scope, type })),
  );

  /** Every hero asks every board; the Redis path must never fall back to SQL while it does. */
  async function expectSameAnswers(): Promise<void> {
    await boards.board(ids.Ada!, { scope: 'global', type: 'total_xp' }); // applies what was logged
    const fallback = vi.spyOn(RankingService.prototype, 'board');
    try {
      for (const userId of Object.values(ids)) {
        for (const query of QUERIES) {
          fallback.mockClear();
          const fromRedis = await boards.board(userId, query);
          expect(fallback, 'read from Redis, not SQL').not.toHaveBeenCalled();
          expect(fromRedis, `${userId} ${query.scope} ${query.type}`).toEqual(await sql.board(userId, query));
        }
      }
    } finally {
      fallback.mockRestore();
    }
  }

  async function hero(
    name: string,
    xp: number,
    streak: number,
    extra: Partial<Record<string, unknown>> = {},
  ) {
    const id = randomUUID();
    ids[name] = id;
    await database.query(
      `insert into "social"."heroes" (id, name, active_class_title, onboarded, show_in_rankings, total_xp,
                                       life_level, streak_current)
       values ($1::uuid, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        name,
        `Title of ${name}`,
        extra.onboarded ?? true,
        extra.shown ?? true,
        xp,
        1 + Math.floor(xp / 300),
        streak,
      ],
    );
  }

  const befriend = (a: string, b: string) =>
    database.query(
      `insert into "social"."friendships" (user_id, friend_id) values ($1::uuid, $2::uuid), ($2::uuid, $1::uuid)`,
      [ids[a], ids[b]],
    );
  const block = (a: string, b: string) =>
    database.query(`insert into "social"."blocks" (user_id, blocked_id) values ($1::uuid, $2::uuid)`, [
      ids[a],
      ids[b],
    ]);

  beforeAll(async () => {
    if (!redisUrl) throw new Error('these tests compare against a real Redis, and none was found');
    isolated = await createIsolatedDatabase(postgresUrl);
    database = await openPostgres(isolated.url, { max: 4 });
    await migrate(database, 'social', new URL('../../prisma/migrations/', import.meta.url));
    await RedisRankingService.enableFeed(database);
    redis = new Redis(redisUrl);
    sql = new RankingService(database);
    boards = new RedisRankingService({ db: database, redis, prefix });

    // Ties on every board, names that differ only in case or past ASCII, heroes off the global boards,
    // one not onboarded, and more heroes than the top holds.
    await hero('Ada', 1200, 3);
    await hero('Bo', 900, 3);
    await hero('bo', 900, 0);
    await hero('Cid', 900, 5);
    await hero('Élan', 900, 5);
    await hero('Dot', 650, 0);
    await hero('Eli', 300, 0, { shown: false });
    await hero('Fox', 300, 1);
    await hero('Gia', 150, 1);
    await hero('Hu', 120, 0);
    await hero('Ike', 100, 0);
    await hero('Jay', 60, 2);
    await hero('Kit', 40, 0);
    await hero('Lu', 20, 0, { shown: false });
    await hero('Mae', 10, 0);
    await hero('Ned', 2000, 9, { onboarded: false });
    await hero('Oz', 0, 0);
    await befriend('Mae', 'Lu');
    await befriend('Mae', 'Ada');
    await befriend('Mae', 'Ned');
    await befriend('Kit', 'Eli');
    await block('Ada', 'Bo');
    await block('Kit', 'Cid');
  });
  afterAll(async () => {
    if (redis) {
      await boards.drop();
      await redis.quit();
    }
    await database?.close();
    await isolated?.dispose();
  });

  it('builds the sets from PostgreSQL on first read, then answers as SQL does', async () => {
    expect(await redis.exists(`${prefix}:social:rankings:meta`)).toBe(0);
    await expectSameAnswers();
    expect(await redis.hlen(`${prefix}:social:rankings:heroes`)).toBe(16);
    expect(await redis.zcard(`${prefix}:social:rankings:score:total_xp`)).toBe(14);
  });

  it('follows every change of the rows: values, names, hiding, onboarding, blocks, deletions', async () => {
    await database.query(`update "social"."heroes" set total_xp = 1300, life_level = 9 where id = $1::uuid`, [
      ids.Mae,
    ]);
    await database.query(`update "social"."heroes" set show_in_rankings = false where id = $1::uuid`, [
      ids.Cid,
    ]);
    await database.query(`update "social"."heroes" set show_in_rankings = true where id = $1::uuid`, [
      ids.Eli,
    ]);
    await database.query(`update "social"."heroes" set onboarded = true where id = $1::uuid`, [ids.Ned]);
    await database.query(
      `update "social"."heroes" set name = 'Aaron', active_class_title = 'Sage' where id = $1::uuid`,
      [ids.Oz],
    );
    await database.query(`update "social"."heroes" set streak_current = 7 where id = $1::uuid`, [ids.Kit]);
    await database.query(`delete from "social"."heroes" where id = $1::uuid`, [ids.Dot]);
    await block('Mae', 'Ada');
    await expectSameAnswers();
    // The log keeps only what the next round has not yet applied.
    await boards.board(ids.Ada!, { scope: 'global', type: 'total_xp' });
    await boards.board(ids.Ada!, { scope: 'global', type: 'total_xp' });
    const [left] = await database.query<{ n: number }>(
      `select count(*)::int as n from "social"."ranking_changes"`,
    );
    expect(left?.n).toBe(0);
  });

  it('never skips a transaction that commits after a read moved the cursor past later ones', async () => {
    const slow = new pg.Client({ connectionString: isolated.url });
    await slow.connect();
    try {
      await slow.query('begin');
      // Streaks, which no count block follows, so the two transactions touch no row in common.
      await slow.query(`update "social"."heroes" set streak_current = 50 where id = $1::uuid`, [ids.Gia]);
      // A later transaction commits first, and a read applies it while the slow one is open.
      await database.query(`update "social"."heroes" set streak_current = 40 where id = $1::uuid`, [ids.Hu]);
      await boards.board(ids.Ada!, { scope: 'global', type: 'streak' });
      await slow.query('commit');
    } finally {
      await slow.end();
    }
    await expectSameAnswers();
    const top = await boards.board(ids.Ada!, { scope: 'global', type: 'streak' });
    expect(top.slice(0, 2).map((e) => e.user.name)).toEqual(['Gia', 'Hu']);
  });

  it('rebuilds when the sets are gone or were built under another epoch (the log was off)', async () => {
    await boards.drop();
    await expectSameAnswers();
    // The embedded mode ran on this database: nothing was logged, so the sets are stale.
    await RedisRankingService.disableFeed(database);
    await database.query(`update "social"."heroes" set total_xp = 7000 where id = $1::uuid`, [ids.Kit]);
    await RedisRankingService.enableFeed(database);
    await boards.board(ids.Ada!, { scope: 'global', type: 'total_xp' }); // sees the new epoch, rebuilds
    await expectSameAnswers();
    const [first] = await boards.board(ids.Ada!, { scope: 'global', type: 'total_xp' });
    expect(first?.user.name).toBe('Kit');
  });

  it('answers from SQL when Redis does not answer', async () => {
    // Nothing listens on port 1: every command fails at once (no offline queue, no retry).
    const gone = new Redis({
      port: 1,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    gone.on('error', () => {});
    try {
      const unreachable = new RedisRankingService({ db: database, redis: gone, prefix });
      for (const query of QUERIES) {
        expect(await unreachable.board(ids.Mae!, query)).toEqual(await sql.board(ids.Mae!, query));
      }
    } finally {
      gone.disconnect();
    }
  });
});
