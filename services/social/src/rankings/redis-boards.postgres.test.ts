import { randomUUID } from 'node:crypto';
import { type Database, migrate, openPostgres } from '@lifequest/platform';
import {
  createIsolatedDatabase,
  describeWithInfra,
  EVENTUALLY,
  type IsolatedPostgres,
  resolveInfra,
  uniqueName,
} from '@lifequest/platform/testing';
import type { LeaderboardQuery } from '@lifequest/proto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createSocialDb, type SocialDb } from '../db.ts';
import { purgeHero } from '../purge.ts';
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
  let social: SocialDb;
  const prefix = uniqueName('lqt').toLowerCase();
  const ids: Record<string, string> = {};

  const QUERIES: LeaderboardQuery[] = (['global', 'friends'] as const).flatMap((scope) =>
    (['total_xp', 'level', 'streak'] as const).map((type) => ({ scope, type })),
  );

  /** Every hero asks every board; the Redis path must never fall back to SQL while it does. */
  async function expectSameAnswers(): Promise<void> {
    await boards.settled(); // applies what was logged
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
  const unfriend = (a: string, b: string) =>
    database.query(
      `delete from "social"."friendships" where (user_id, friend_id) in (($1::uuid, $2::uuid), ($2::uuid, $1::uuid))`,
      [ids[a], ids[b]],
    );
  const unblock = (a: string, b: string) =>
    database.query(`delete from "social"."blocks" where user_id = $1::uuid and blocked_id = $2::uuid`, [
      ids[a],
      ids[b],
    ]);
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
    social = createSocialDb(database);

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
    await social?.$disconnect();
    if (redis) {
      await boards.drop();
      await redis.quit();
    }
    await database?.close();
    await isolated?.dispose();
  });

  it('builds the sets from PostgreSQL in its first round, then answers as SQL does', async () => {
    expect(await redis.exists(`${prefix}:social:rankings:meta`)).toBe(0);
    await expectSameAnswers();
    expect(await redis.hlen(`${prefix}:social:rankings:heroes`)).toBe(16);
    expect(await redis.zcard(`${prefix}:social:rankings:score:total_xp`)).toBe(14);
  });

  it('reads a board with no SQL statement and one Redis command', async () => {
    await boards.settled();
    const statements = vi.spyOn(database, 'query');
    const reader = redis.duplicate();
    const commands: string[] = [];
    const monitor = await redis.duplicate().monitor();
    // What the client sent (a script's own calls show with the source `lua`).
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      if (source !== 'lua' && args.some((arg) => arg.startsWith(`${prefix}:`))) {
        commands.push(String(args[0]).toLowerCase());
      }
    });
    try {
      const own = new RedisRankingService({ db: database, redis: reader, prefix });
      for (const query of QUERIES) {
        commands.length = 0;
        const marker = `${prefix}:marker:${query.scope}:${query.type}`;
        expect(await own.board(ids.Mae!, query)).toEqual(await sql.board(ids.Mae!, query));
        // A command after the read, on the same connection: once the monitor shows it, it showed the read.
        await reader.exists(marker);
        await vi.waitFor(() => expect(commands).toContain('exists'), EVENTUALLY);
        // The script by its hash, or its text the first time this connection sends it.
        expect(commands.filter((c) => c !== 'exists')).toEqual([expect.stringMatching(/^eval(sha)?$/)]);
      }
      expect(statements.mock.calls.filter(([text]) => !text.includes('with top as'))).toEqual([]);
    } finally {
      statements.mockRestore();
      monitor.disconnect();
      reader.disconnect();
    }
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
    // Blocks and friendships end, and begin, with the heroes' boards following.
    await unblock('Ada', 'Bo');
    await unfriend('Mae', 'Ada');
    await befriend('Kit', 'Fox');
    await block('Fox', 'Eli');
    await expectSameAnswers();
    // The log keeps only what the next round may not have applied: a round deletes what was logged
    // below the cursor (an xmin: older transactions anywhere on the server hold it back) the last set.
    await boards.settled();
    const cursor = await redis.hget(`${prefix}:social:rankings:meta`, 'cursor');
    await boards.settled();
    const [left] = await database.query<{ n: number }>(
      `select count(*)::int as n from "social"."ranking_changes" where xid < $1::bigint`,
      [cursor],
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
      await boards.settled();
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
    await boards.settled(); // sees the new epoch, rebuilds
    await expectSameAnswers();
    const [first] = await boards.board(ids.Ada!, { scope: 'global', type: 'total_xp' });
    expect(first?.user.name).toBe('Kit');
  });

  /** Purges a hero as user.deleted does (purge.ts, one transaction), then forgets them once committed. */
  async function purge(name: string): Promise<string> {
    const id = ids[name]!;
    await social.$transaction((tx) => purgeHero(tx, id));
    delete ids[name];
    return id;
  }

  /** Every key under this test's prefix whose name or content names `id`. */
  async function keysNaming(id: string): Promise<string[]> {
    const named: string[] = [];
    for (const key of await redis.keys(`${prefix}:*`)) {
      const type = await redis.type(key);
      const content =
        type === 'hash'
          ? await redis.hgetall(key)
          : type === 'zset'
            ? await redis.zrange(key, '0', '-1', 'WITHSCORES')
            : await redis.get(key);
      if (`${key} ${JSON.stringify(content)}`.includes(id)) named.push(key);
    }
    return named;
  }

  async function logRowsNaming(id: string): Promise<number> {
    const [row] = await database.query<{ n: number }>(
      `select count(*)::int as n from "social"."ranking_changes" where hero_id = $1::uuid`,
      [id],
    );
    return row?.n ?? -1;
  }

  /** `database`, but its statements matching `pattern` wait, once answered, until `release` is called. */
  function heldAfter(pattern: RegExp): { db: Database; reached: Promise<void>; release: () => void } {
    let reach = () => {};
    let release = () => {};
    const reached = new Promise<void>((resolve) => {
      reach = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const db = new Proxy(database, {
      get(target, property) {
        if (property === 'query') {
          return async (text: string, params?: unknown[]) => {
            const rows = await target.query(text, params);
            if (pattern.test(text)) {
              reach();
              await released;
            }
            return rows;
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return { db, reached, release };
  }

  it('a purge takes the hero out of every key and the change log at once, and no read shows them', async () => {
    await hero('Pia', 5000, 8);
    await befriend('Pia', 'Mae');
    await expectSameAnswers();
    expect((await keysNaming(ids.Pia!)).length).toBeGreaterThan(0);
    // A change not yet applied: the log names them when the purge comes.
    await database.query(`update "social"."heroes" set total_xp = 5100 where id = $1::uuid`, [ids.Pia]);
    expect(await logRowsNaming(ids.Pia!)).toBeGreaterThan(0);

    const gone = await purge('Pia');
    expect(await logRowsNaming(gone)).toBe(0);
    await boards.forget(gone);
    expect(await keysNaming(gone)).toEqual([]);
    await expectSameAnswers();
    for (const userId of Object.values(ids)) {
      for (const query of QUERIES) {
        const board = await boards.board(userId, query);
        expect(board.some((e) => e.user.id === gone)).toBe(false);
      }
    }
    expect(await keysNaming(gone)).toEqual([]);
    expect(await logRowsNaming(gone)).toBe(0);
  });

  it('a rebuild that read the hero before their purge committed leaves them in no key', async () => {
    await hero('Quin', 4000, 4);
    await expectSameAnswers();
    await boards.drop();
    // The rebuild's snapshot has Quin; it writes only after the purge committed and forgot them, the
    // lock being held by the rebuild all along (the purge, waiting no longer, removed what was there).
    const held = heldAfter(/where h\.onboarded/);
    const racing = new RedisRankingService({ db: held.db, redis, prefix, lockMs: 200 });
    const reading = racing.settled();
    await held.reached;
    const gone = await purge('Quin');
    await racing.forget(gone);
    held.release();
    await reading;
    expect(await keysNaming(gone)).toEqual([]);
    await expectSameAnswers();
    expect(await keysNaming(gone)).toEqual([]);
  });

  it('a round applying the log that read the hero before their purge committed leaves them in no key', async () => {
    await hero('Rex', 3000, 2);
    await expectSameAnswers();
    await database.query(`update "social"."heroes" set total_xp = 3100 where id = $1::uuid`, [ids.Rex]);
    // The applier holds the lock from its read (which has Rex's change) to its writes; the purge commits
    // meanwhile without waiting on it, and its forget waits for the lock.
    const held = heldAfter(/with gone as/);
    const racing = new RedisRankingService({ db: held.db, redis, prefix });
    const reading = racing.settled();
    await held.reached;
    const gone = await purge('Rex');
    const forgetting = racing.forget(gone);
    held.release();
    await Promise.all([reading, forgetting]);
    expect(await keysNaming(gone)).toEqual([]);
    expect(await logRowsNaming(gone)).toBe(0);
    await expectSameAnswers();
    expect(await keysNaming(gone)).toEqual([]);
  });

  it('applies a change once its notification comes, unasked', async () => {
    // No poll within the test: only the notification can bring the change.
    const follower = new RedisRankingService({ db: database, redis, prefix, pollMs: 3_600_000 });
    const stop = await follower.start();
    try {
      await follower.settled();
      await database.query(`update "social"."heroes" set total_xp = 9000 where id = $1::uuid`, [ids.Fox]);
      await expect
        .poll(
          async () => (await follower.board(ids.Ada!, { scope: 'global', type: 'total_xp' }))[0]?.user.name,
          { timeout: 10_000, interval: 20 },
        )
        .toBe('Fox');
    } finally {
      await stop();
    }
    await expectSameAnswers();
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
