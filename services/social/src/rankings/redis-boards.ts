// The rankings from Redis sorted sets, when distributed. The answers are the SQL path's (service.ts):
// the same heroes shown, the same order (value desc, then name and id, byte by byte: the database's
// collation is C, as Redis compares members), the same shared ranks.
//
// Keys, under `<INFRA_PREFIX>:social:rankings:`:
// - `order:<board>`: every hero on the global board (onboarded, show_in_rankings), all with score 0 and
//   member `<inverted value, 10 digits>\0<name>\0<id>\0<class title>`: ZRANGE reads the top in order.
// - `score:<board>`: the same heroes, member id and score the value: ZCOUNT counts those ahead of one.
// - `heroes`: every onboarded hero (the friends scope ranks hidden ones too) by id, as JSON.
// - `meta`: the epoch of social.ranking_feed the sets were built under and the cursor (an xmin) up to
//   which social.ranking_changes was applied.
//
// Fresh: each read, one replica at a time (a Redis lock) applies the heroes logged since the cursor,
// in the same SQL statement that reads the asking hero's friends and blocks; the others read the sets as
// they are (at most one read behind). Missing sets or another epoch: rebuilt from social.heroes; until
// then the reads go to SQL, which always has the answer.
//
// A purge (purge.ts) leaves no log row naming the hero: in its transaction it deletes them and moves the
// epoch on (so sets built or applied from a snapshot that still had the hero are stale), and once it has
// committed, `forget` takes the hero out of every key under the same lock, which an applier or a rebuild
// holds from its snapshot to its last write. Nothing in that transaction waits on Redis.
import { randomUUID } from 'node:crypto';
import type { Database, Logger, SqlTx } from '@lifequest/platform';
import type { Leaderboard, LeaderboardEntry, LeaderboardQuery } from '@lifequest/proto';
import type { Redis } from 'ioredis';
import { heroSummary } from '../heroes/projection.ts';
import { LEADERBOARD_TOP, RankingService } from './service.ts';

type Board = LeaderboardQuery['type'];
const BOARDS: readonly Board[] = ['total_xp', 'level', 'streak'];

/** A hero as the sets keep them: name, class title, the three values, and whether on the global boards. */
interface HeroRecord {
  n: string;
  t: string;
  v: Record<Board, number>;
  g: boolean;
}

interface HeroRow {
  id: string;
  name: string;
  active_class_title: string;
  onboarded: boolean;
  show_in_rankings: boolean;
  total_xp: number;
  life_level: number;
  streak_current: number;
}

const HERO_JSON = `json_build_object('id', h.id, 'name', h.name, 'active_class_title', h.active_class_title,
  'onboarded', h.onboarded, 'show_in_rankings', h.show_in_rankings, 'total_xp', h.total_xp,
  'life_level', h.life_level, 'streak_current', h.streak_current)`;

/** The order key's first part: values sort highest first as text (value + 2^31 taken from 2^32 - 1). */
function orderKey(id: string, record: HeroRecord, board: Board): string {
  const inverted = (4294967295 - (record.v[board] + 2147483648)).toString().padStart(10, '0');
  return `${inverted}\0${record.n}\0${id}\0${record.t}`;
}

function recordOf(row: HeroRow): HeroRecord | null {
  if (!row.onboarded) return null;
  return {
    n: row.name,
    t: row.active_class_title,
    v: { total_xp: row.total_xp, level: row.life_level, streak: row.streak_current },
    g: row.show_in_rankings,
  };
}

/** Byte order of UTF-8 (the database's C collation), not JavaScript's UTF-16 order. */
function byteCompare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

// One round trip: the top (enough of it to drop the blocked ones), the hero's record, and how many are
// ahead of them on the global board, less the blocked ones among those.
const READ_GLOBAL = `
local top = redis.call('ZRANGE', KEYS[1], 0, tonumber(ARGV[2]) - 1)
local me = redis.call('HGET', KEYS[3], ARGV[1])
local score = redis.call('ZSCORE', KEYS[2], ARGV[1])
local ahead = -1
if score then
  ahead = redis.call('ZCOUNT', KEYS[2], '(' .. score, '+inf')
  for i = 3, #ARGV do
    local s = redis.call('ZSCORE', KEYS[2], ARGV[i])
    if s and tonumber(s) > tonumber(score) then ahead = ahead - 1 end
  end
end
return {top, me or '', ahead}`;

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

interface ReadRow {
  xmin: string;
  epoch: string;
  blocked: string[];
  friends: string[] | null;
  changes: { id: string; hero: HeroRow | null }[] | null;
}

export interface RedisBoardsOptions {
  db: Database;
  redis: Redis;
  /** INFRA_PREFIX: installations sharing a Redis keep their own keys. */
  prefix: string;
  log?: Logger;
  /** How long the applier's lock lives at most, and a purge waits for it (default 5 s; tests shorten it). */
  lockMs?: number;
}

export class RedisRankingService {
  readonly #db: Database;
  readonly #redis: Redis;
  readonly #sql: RankingService;
  readonly #key: (name: string) => string;
  readonly #log: Logger | undefined;
  readonly #lockMs: number;

  constructor(options: RedisBoardsOptions) {
    this.#lockMs = options.lockMs ?? 5_000;
    this.#db = options.db;
    this.#redis = options.redis;
    this.#sql = new RankingService(options.db);
    this.#log = options.log;
    this.#key = (name) => `${options.prefix}:social:rankings:${name}`;
  }

  /**
   * Turns the log on at each start, and moves the epoch on: the sets are rebuilt at the first read. When
   * the log was off, changes were missed; and a database restored from a dump (docs/operations.md) has
   * a log that does not follow on from the sets.
   */
  static async enableFeed(db: Database): Promise<void> {
    await db.query(`update "social"."ranking_feed" set enabled = true, epoch = epoch + 1`);
  }

  /**
   * In a hero's purge, after their row's deletion: the log's rows naming them go, and the epoch moves
   * on, so sets that a snapshot still holding the hero fed are rebuilt before any read trusts them.
   * Last in the purge: the epoch's row lock is held only until its commit.
   */
  static async forgetInLog(tx: SqlTx, userId: string): Promise<void> {
    await tx.$executeRawUnsafe(`delete from "social"."ranking_changes" where hero_id = $1::uuid`, userId);
    await tx.$executeRawUnsafe(`update "social"."ranking_feed" set epoch = epoch + 1 where enabled`);
  }

  /**
   * After the purge committed: the hero leaves every key. Under the applier's lock (waiting for it at
   * most its expiry), so a round that read the database before the commit has written by then, and one
   * after it reads no hero. Never throws: should Redis not answer, the moved epoch has every read go to
   * SQL until the sets are rebuilt without the hero.
   */
  async forget(userId: string): Promise<void> {
    const token = randomUUID();
    let locked = false;
    try {
      locked = await this.#waitForLock(token);
      const old = await this.#redis.hget(this.#key('heroes'), userId);
      const tx = this.#redis.multi();
      if (old) this.#remove(tx, userId, JSON.parse(old) as HeroRecord);
      tx.hdel(this.#key('heroes'), userId);
      for (const board of BOARDS) tx.zrem(this.#key(`score:${board}`), userId);
      await tx.exec();
    } catch (error) {
      this.#log?.warn({ err: error }, 'a purged hero left in Redis until the sets are rebuilt');
    } finally {
      if (locked) await this.#redis.eval(RELEASE, 1, this.#key('lock'), token).catch(() => undefined);
    }
  }

  async #waitForLock(token: string): Promise<boolean> {
    const until = Date.now() + this.#lockMs;
    for (;;) {
      if ((await this.#redis.set(this.#key('lock'), token, 'PX', this.#lockMs, 'NX')) === 'OK') return true;
      if (Date.now() >= until) return false;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** The embedded mode reads SQL alone: nothing is logged, and what was is dropped. */
  static async disableFeed(db: Database): Promise<void> {
    await db.query(`update "social"."ranking_feed" set enabled = false where enabled`);
    await db.query(`delete from "social"."ranking_changes"`);
  }

  /** Redis unreachable: the board from SQL, which always has the answer (slower, never wrong). */
  async board(userId: string, query: LeaderboardQuery): Promise<Leaderboard> {
    try {
      return await this.#fromRedis(userId, query);
    } catch (error) {
      this.#log?.warn({ err: error }, 'rankings read from SQL: Redis did not answer');
      return this.#sql.board(userId, query);
    }
  }

  async #fromRedis(userId: string, query: LeaderboardQuery): Promise<Leaderboard> {
    const token = randomUUID();
    const [[, locked], [, meta]] = (await this.#redis
      .multi()
      .set(this.#key('lock'), token, 'PX', this.#lockMs, 'NX')
      .hmget(this.#key('meta'), 'epoch', 'cursor')
      .exec()) as [[unknown, string | null], [unknown, (string | null)[]]];
    const applier = locked === 'OK';
    try {
      const [epoch = null, cursor = null] = meta;
      const built = epoch !== null && cursor !== null;
      const row = await this.#read(userId, query.scope === 'friends', applier && built ? cursor : null);
      if (!built || row.epoch !== epoch) {
        if (applier) await this.#rebuild();
        return this.#sql.board(userId, query);
      }
      if (applier && row.changes) await this.#apply(row.changes, row.xmin);
      return query.scope === 'global'
        ? await this.#global(userId, query.type, new Set(row.blocked))
        : await this.#friends(userId, query.type, row.friends ?? [], new Set(row.blocked));
    } finally {
      // Should it fail, the lock expires by itself.
      if (applier) await this.#redis.eval(RELEASE, 1, this.#key('lock'), token).catch(() => undefined);
    }
  }

  /** Drops the sets: the next read rebuilds them (tests; an operator after restoring the database). */
  async drop(): Promise<void> {
    await this.#redis.del(...this.#allKeys());
  }

  #allKeys(): string[] {
    return [
      this.#key('meta'),
      this.#key('heroes'),
      ...BOARDS.flatMap((b) => [this.#key(`order:${b}`), this.#key(`score:${b}`)]),
    ];
  }

  /**
   * One statement: the snapshot's xmin (every transaction below it has finished), the epoch, the hero's
   * blocks (either way) and friends, and, for the applier, the heroes logged by transactions at or after
   * the cursor; rows below it were applied by an earlier round and go.
   */
  async #read(userId: string, friends: boolean, cursor: string | null): Promise<ReadRow> {
    const [row] = await this.#db.query<ReadRow>(
      `with gone as (
         delete from "social"."ranking_changes" where $2::bigint is not null and xid < $2::bigint
       )
       select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
              (select f.epoch from "social"."ranking_feed" f)::text as epoch,
              array(select b.blocked_id from "social"."blocks" b where b.user_id = $1::uuid
                    union
                    select b.user_id from "social"."blocks" b where b.blocked_id = $1::uuid)::text[] as blocked,
              case when $3::boolean
                then array(select f.friend_id from "social"."friendships" f where f.user_id = $1::uuid)::text[]
              end as friends,
              case when $2::bigint is not null then
                (select coalesce(json_agg(json_build_object('id', c.hero_id,
                                                            'hero', case when h.id is null then null else ${HERO_JSON} end)), '[]'::json)
                   from (select distinct hero_id from "social"."ranking_changes" where xid >= $2::bigint) c
                   left join "social"."heroes" h on h.id = c.hero_id)
              end as changes`,
      [userId, cursor, friends],
    );
    if (!row) throw new Error('the rankings read returned no row');
    return row;
  }

  async #apply(changes: { id: string; hero: HeroRow | null }[], xmin: string): Promise<void> {
    const ids = changes.map((c) => c.id);
    const before = ids.length > 0 ? await this.#redis.hmget(this.#key('heroes'), ...ids) : [];
    const tx = this.#redis.multi();
    for (const [index, change] of changes.entries()) {
      const old = before[index];
      if (old) this.#remove(tx, change.id, JSON.parse(old) as HeroRecord);
      const record = change.hero ? recordOf(change.hero) : null;
      if (record) this.#add(tx, change.id, record);
    }
    tx.hset(this.#key('meta'), 'cursor', xmin);
    await tx.exec();
  }

  #remove(tx: ReturnType<Redis['multi']>, id: string, record: HeroRecord): void {
    tx.hdel(this.#key('heroes'), id);
    for (const board of BOARDS) {
      tx.zrem(this.#key(`order:${board}`), orderKey(id, record, board));
      tx.zrem(this.#key(`score:${board}`), id);
    }
  }

  #add(tx: ReturnType<Redis['multi']>, id: string, record: HeroRecord): void {
    tx.hset(this.#key('heroes'), id, JSON.stringify(record));
    if (!record.g) return;
    for (const board of BOARDS) {
      tx.zadd(this.#key(`order:${board}`), 0, orderKey(id, record, board));
      tx.zadd(this.#key(`score:${board}`), record.v[board], id);
    }
  }

  /** Everything from social.heroes as of one snapshot; its xmin becomes the cursor. */
  async #rebuild(): Promise<void> {
    const [row] = await this.#db.query<{ xmin: string; epoch: string; heroes: HeroRow[] }>(
      `select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
              (select f.epoch from "social"."ranking_feed" f)::text as epoch,
              (select coalesce(json_agg(${HERO_JSON}), '[]'::json) from "social"."heroes" h where h.onboarded) as heroes`,
    );
    if (!row) return;
    // meta first: while the sets are partial, every read goes to SQL.
    await this.#redis.del(...this.#allKeys());
    const CHUNK = 1_000;
    for (let start = 0; start < row.heroes.length; start += CHUNK) {
      const tx = this.#redis.pipeline();
      for (const hero of row.heroes.slice(start, start + CHUNK)) {
        const record = recordOf(hero);
        if (record) this.#add(tx as unknown as ReturnType<Redis['multi']>, hero.id, record);
      }
      await tx.exec();
    }
    // A purge that committed since the snapshot moved the epoch: its hero may be in the sets, so they go
    // and the next read rebuilds. Otherwise every write here came before that commit, and its `forget`.
    const [now] = await this.#db.query<{ epoch: string }>(
      `select epoch::text as epoch from "social"."ranking_feed"`,
    );
    if (now?.epoch !== row.epoch) {
      await this.#redis.del(...this.#allKeys());
      this.#log?.info('rankings rebuild dropped: a purge committed during it');
      return;
    }
    await this.#redis.hset(this.#key('meta'), 'epoch', row.epoch, 'cursor', row.xmin);
    this.#log?.info({ heroes: row.heroes.length }, 'rankings rebuilt in Redis');
  }

  async #global(userId: string, board: Board, blocked: Set<string>): Promise<Leaderboard> {
    const [top, me, ahead] = (await this.#redis.eval(
      READ_GLOBAL,
      3,
      this.#key(`order:${board}`),
      this.#key(`score:${board}`),
      this.#key('heroes'),
      userId,
      String(LEADERBOARD_TOP + blocked.size),
      ...blocked,
    )) as [string[], string, number];
    const rows: { id: string; record: Pick<HeroRecord, 'n' | 't'>; value: number }[] = [];
    for (const member of top) {
      const [inverted, name, id, title] = member.split('\0') as [string, string, string, string];
      if (blocked.has(id)) continue;
      if (rows.length === LEADERBOARD_TOP) break;
      rows.push({ id, record: { n: name, t: title }, value: 4294967295 - Number(inverted) - 2147483648 });
    }
    const entries = ranked(rows);
    if (ahead >= 0 && me && !rows.some((r) => r.id === userId)) {
      const record = JSON.parse(me) as HeroRecord;
      entries.push(entry(ahead + 1, userId, record, record.v[board]));
    }
    return entries;
  }

  async #friends(
    userId: string,
    board: Board,
    friends: string[],
    blocked: Set<string>,
  ): Promise<Leaderboard> {
    const ids = [userId, ...friends];
    const records = await this.#redis.hmget(this.#key('heroes'), ...ids);
    const shown: { id: string; record: HeroRecord; value: number }[] = [];
    for (const [index, id] of ids.entries()) {
      const json = records[index];
      if (!json || blocked.has(id)) continue;
      const record = JSON.parse(json) as HeroRecord;
      shown.push({ id, record, value: record.v[board] });
    }
    shown.sort((a, b) => b.value - a.value || byteCompare(a.record.n, b.record.n) || byteCompare(a.id, b.id));
    const top = shown.slice(0, LEADERBOARD_TOP);
    const entries = ranked(top);
    const me = shown.find((s) => s.id === userId);
    if (me && !top.includes(me)) {
      const ahead = shown.filter((s) => s.value > me.value).length;
      entries.push(entry(ahead + 1, userId, me.record, me.value));
    }
    return entries;
  }
}

/** Ties share a rank (1, 2, 2, 4), as the SQL path gives them. */
function ranked(
  rows: { id: string; record: Pick<HeroRecord, 'n' | 't'>; value: number }[],
): LeaderboardEntry[] {
  const entries: LeaderboardEntry[] = [];
  for (const [index, row] of rows.entries()) {
    const previous = entries[index - 1];
    const rank = previous && previous.value === row.value ? previous.rank : index + 1;
    entries.push(entry(rank, row.id, row.record, row.value));
  }
  return entries;
}

function entry(
  rank: number,
  id: string,
  record: Pick<HeroRecord, 'n' | 't'>,
  value: number,
): LeaderboardEntry {
  return { rank, value, user: { id, ...heroSummary({ name: record.n, active_class_title: record.t }) } };
}
