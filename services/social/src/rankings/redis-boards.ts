// The rankings from Redis sorted sets, when distributed. The answers are the SQL path's (service.ts):
// the same heroes shown, the same order (value desc, then name and id, byte by byte: the database's
// collation is C, as Redis compares members), the same shared ranks.
//
// Keys, under `<INFRA_PREFIX>:social:rankings:`:
// - `order:<board>`: every hero on the global board (onboarded, show_in_rankings), all with score 0 and
//   member `<inverted value, 10 digits>\0<name>\0<id>\0<class title>`: ZRANGE reads the top in order.
// - `score:<board>`: the same heroes, member id and score the value: ZCOUNT counts those ahead of one.
// - `heroes`: every onboarded hero (the friends scope ranks hidden ones too) by id, as JSON.
// - `blocked`, `friends`: by hero id, the ids they blocked or were blocked by, and their friends' ids,
//   comma-separated (no field when none).
// - `meta`: the epoch of social.ranking_feed the sets were built under and the cursor (an xmin) up to
//   which social.ranking_changes was applied.
//
// A read is one script on Redis, no SQL. The sets follow the database through its change log: every
// statement that logs NOTIFYs `social_rankings` at commit (migration 0012), and each replica, hearing
// it, runs a round: under a Redis lock (one replica at a time), it reads the heroes logged at or after
// the cursor and applies them, or rebuilds everything when the sets are missing or of another epoch.
// A read may so be a few milliseconds behind a write: the commit's notification, then the round. A
// round also runs every `pollMs`, should a notification be lost. Until the sets are built, reads go to
// SQL, which always has the answer.
//
// A purge (purge.ts) leaves no log row naming the hero: in its transaction it deletes them and moves the
// epoch on (so sets built or applied from a snapshot that still had the hero are stale), and once it has
// committed, `forget` drops every key under the same lock, which a round holds from its snapshot to its
// last write; the next round rebuilds. Nothing in that transaction waits on Redis.
import { randomUUID } from 'node:crypto';
import type { Database, Logger, SqlTx } from '@lifequest/platform';
import type { Leaderboard, LeaderboardEntry, LeaderboardQuery } from '@lifequest/proto';
import type { Redis } from 'ioredis';
import { heroSummary } from '../heroes/projection.ts';
import { LEADERBOARD_TOP, RankingService } from './service.ts';

type Board = LeaderboardQuery['type'];
const BOARDS: readonly Board[] = ['total_xp', 'level', 'streak'];

/** The channel the log's trigger NOTIFYs (migration 0012). */
const CHANNEL = 'social_rankings';

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

/** The ids blocked either way with the hero `x.id`, comma-separated; null when none. */
const BLOCKED_OF = `(select string_agg(b.id::text, ',') from (
    select b.blocked_id as id from "social"."blocks" b where b.user_id = x.id
    union
    select b.user_id from "social"."blocks" b where b.blocked_id = x.id) b)`;
/** The friends of the hero `x.id`, comma-separated; null when none. */
const FRIENDS_OF = `(select string_agg(f.friend_id::text, ',') from "social"."friendships" f where f.user_id = x.id)`;

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

// A read, in one round trip. KEYS: meta, blocked, heroes, and for the global scope order:<board> and
// score:<board>, for the friends scope friends. ARGV: the hero, and for the global scope how many of the
// top to read (enough to drop the blocked ones). Nil when the sets are not built; otherwise the hero's
// blocked ids, then (global) the top, the hero's record and how many are ahead of them on the board, less
// the blocked ones among those, or (friends) the ids of the hero and their friends and their records.
const READ = `
if not redis.call('HGET', KEYS[1], 'epoch') then return false end
local blocked = redis.call('HGET', KEYS[2], ARGV[1]) or ''
if #KEYS == 5 then
  local ids = {}
  for id in string.gmatch(blocked, '[^,]+') do ids[#ids + 1] = id end
  local top = redis.call('ZRANGE', KEYS[4], 0, tonumber(ARGV[2]) + #ids - 1)
  local me = redis.call('HGET', KEYS[3], ARGV[1])
  local score = redis.call('ZSCORE', KEYS[5], ARGV[1])
  local ahead = -1
  if score then
    ahead = redis.call('ZCOUNT', KEYS[5], '(' .. score, '+inf')
    for _, id in ipairs(ids) do
      local s = redis.call('ZSCORE', KEYS[5], id)
      if s and tonumber(s) > tonumber(score) then ahead = ahead - 1 end
    end
  end
  return {blocked, top, me or '', ahead}
end
local ids = {ARGV[1]}
for id in string.gmatch(redis.call('HGET', KEYS[4], ARGV[1]) or '', '[^,]+') do ids[#ids + 1] = id end
local records = redis.call('HMGET', KEYS[3], unpack(ids))
for i = 1, #ids do records[i] = records[i] or '' end
return {blocked, ids, records}`;

/** Takes the lock when it is free, and reads the sets' epoch and cursor. */
const LOCK = `
if not redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return false end
return redis.call('HMGET', KEYS[2], 'epoch', 'cursor')`;

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** A hero the log names: their row (null when gone), and who they block or are blocked by, and befriend. */
interface Change {
  id: string;
  hero: HeroRow | null;
  blocked: string | null;
  friends: string | null;
}

interface ChangesRow {
  xmin: string;
  epoch: string;
  changes: Change[];
}

type ReadReply = [string, string[], string, number] | [string, string[], string[]];

export interface RedisBoardsOptions {
  db: Database;
  redis: Redis;
  /** INFRA_PREFIX: installations sharing a Redis keep their own keys. */
  prefix: string;
  log?: Logger;
  /** How long a round's lock lives at most, and a purge waits for it (default 5 s; tests shorten it). */
  lockMs?: number;
  /** How often `start` runs a round unasked, should a notification be lost (default 5 s). */
  pollMs?: number;
}

export class RedisRankingService {
  readonly #db: Database;
  readonly #redis: Redis;
  readonly #sql: RankingService;
  readonly #key: (name: string) => string;
  readonly #log: Logger | undefined;
  readonly #lockMs: number;
  readonly #pollMs: number;
  /** Rounds asked for, and the last one a finished round covered (it started after it was asked). */
  #asked = 0;
  #covered = 0;
  #running: Promise<void> | undefined;
  #waiting: { round: number; resolve: () => void }[] = [];
  #stop: (() => Promise<void>) | undefined;

  constructor(options: RedisBoardsOptions) {
    this.#lockMs = options.lockMs ?? 5_000;
    this.#pollMs = options.pollMs ?? 5_000;
    this.#db = options.db;
    this.#redis = options.redis;
    this.#sql = new RankingService(options.db);
    this.#log = options.log;
    this.#key = (name) => `${options.prefix}:social:rankings:${name}`;
  }

  /**
   * Turns the log on at each start, and moves the epoch on: the sets are rebuilt at the first round.
   * When the log was off, changes were missed; and a database restored from a dump
   * (docs/operations.md) has a log that does not follow on from the sets.
   */
  static async enableFeed(db: Database): Promise<void> {
    await db.query(`update "social"."ranking_feed" set enabled = true, epoch = epoch + 1`);
  }

  /**
   * In a hero's purge, after their row's deletion: the log's rows naming them go, and the epoch moves
   * on, so sets that a snapshot still holding the hero fed are rebuilt before any round trusts them.
   * Last in the purge: the epoch's row lock is held only until its commit.
   */
  static async forgetInLog(tx: SqlTx, userId: string): Promise<void> {
    await tx.$executeRawUnsafe(`delete from "social"."ranking_changes" where hero_id = $1::uuid`, userId);
    await tx.$executeRawUnsafe(`update "social"."ranking_feed" set epoch = epoch + 1 where enabled`);
  }

  /** The embedded mode reads SQL alone: nothing is logged, and what was is dropped. */
  static async disableFeed(db: Database): Promise<void> {
    await db.query(`update "social"."ranking_feed" set enabled = false where enabled`);
    await db.query(`delete from "social"."ranking_changes"`);
  }

  /**
   * Follows the log: a round at each notification of `social_rankings` and every `pollMs`, and one now
   * (the sets are rebuilt under the epoch `enableFeed` moved). Resolves with the stop.
   */
  async start(): Promise<() => Promise<void>> {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const listen = async (): Promise<void> => {
      try {
        this.#stop = await this.#db.listen(
          CHANNEL,
          () => void this.settled(),
          (error) => {
            this.#log?.warn({ err: error }, 'lost the rankings notifications; listening again');
            this.#stop = undefined;
            if (!stopped) timer = setTimeout(() => void listen(), 1_000).unref();
          },
        );
      } catch (error) {
        this.#log?.warn({ err: error }, 'could not listen for the rankings; trying again');
        if (!stopped) timer = setTimeout(() => void listen(), 1_000).unref();
        return;
      }
      // What was logged while nobody listened.
      void this.settled();
    };
    await listen();
    const poll = setInterval(() => void this.settled(), this.#pollMs).unref();
    return async () => {
      stopped = true;
      clearInterval(poll);
      clearTimeout(timer);
      await this.#stop?.();
      await this.#running;
    };
  }

  /**
   * Resolves once a round that started after this call has finished: every write committed before
   * it is then in the sets (unless the round failed, which it logs; the next one tries again).
   */
  settled(): Promise<void> {
    const round = ++this.#asked;
    const done = new Promise<void>((resolve) => this.#waiting.push({ round, resolve }));
    this.#running ??= this.#rounds();
    return done;
  }

  /** Runs rounds while some were asked for since the last began; one at a time in this process. */
  async #rounds(): Promise<void> {
    while (this.#covered < this.#asked) {
      const round = this.#asked;
      try {
        await this.#round();
      } catch (error) {
        this.#log?.warn({ err: error }, 'the rankings round failed; the next one tries again');
      }
      this.#covered = round;
      const done = this.#waiting.filter((w) => w.round <= round);
      this.#waiting = this.#waiting.filter((w) => w.round > round);
      for (const w of done) w.resolve();
    }
    // No await since the loop's test: a round asked now starts a new loop.
    this.#running = undefined;
  }

  /**
   * One round, under the lock: applies the heroes logged since the cursor, or rebuilds the sets when
   * they are missing or of another epoch. The lock is held from the statement's snapshot to the last
   * write, so a purge's `forget`, waiting for it, comes after.
   */
  async #round(): Promise<void> {
    const token = randomUUID();
    const meta = await this.#waitForLock(token, LOCK);
    if (!meta) throw new Error('the rankings lock stayed taken');
    try {
      const [epoch = null, cursor = null] = meta;
      if (epoch === null || cursor === null) return await this.#rebuild();
      const row = await this.#changes(cursor);
      if (row.epoch !== epoch) return await this.#rebuild();
      await this.#apply(row.changes, row.xmin);
    } finally {
      // Should it fail, the lock expires by itself.
      await this.#redis.eval(RELEASE, 1, this.#key('lock'), token).catch(() => undefined);
    }
  }

  /**
   * After the purge committed: every key goes (the next round rebuilds them without the hero). Under
   * the rounds' lock (waiting for it at most its expiry), so a round that read the database before the
   * commit has written by then, and one after it reads no hero. Never throws: should Redis not answer,
   * the moved epoch has the next round rebuild the sets.
   */
  async forget(_userId: string): Promise<void> {
    const token = randomUUID();
    let locked = false;
    try {
      locked = (await this.#waitForLock(token)) !== null;
      await this.#redis.del(...this.#allKeys());
    } catch (error) {
      this.#log?.warn({ err: error }, 'a purged hero left in Redis until the sets are rebuilt');
    } finally {
      if (locked) await this.#redis.eval(RELEASE, 1, this.#key('lock'), token).catch(() => undefined);
    }
    void this.settled();
  }

  /** Takes the lock, waiting at most its expiry; with `script`, its reply (the epoch and cursor). */
  async #waitForLock(token: string, script?: string): Promise<(string | null)[] | null> {
    const until = Date.now() + this.#lockMs;
    for (;;) {
      if (script) {
        const meta = (await this.#script('lifequestRankingsLock', script)(
          2,
          this.#key('lock'),
          this.#key('meta'),
          token,
          String(this.#lockMs),
        )) as (string | null)[] | null;
        if (meta) return meta;
      } else if ((await this.#redis.set(this.#key('lock'), token, 'PX', this.#lockMs, 'NX')) === 'OK') {
        return [];
      }
      if (Date.now() >= until) return null;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Redis unreachable: the board from SQL, which always has the answer (slower, never wrong). */
  async board(userId: string, query: LeaderboardQuery): Promise<Leaderboard> {
    let reply: ReadReply | null;
    try {
      reply = await this.#read(userId, query);
    } catch (error) {
      this.#log?.warn({ err: error }, 'rankings read from SQL: Redis did not answer');
      return this.#sql.board(userId, query);
    }
    if (!reply) {
      // Not built (yet, or again after a purge): a round builds them.
      void this.settled();
      return this.#sql.board(userId, query);
    }
    const blocked = new Set(reply[0] ? reply[0].split(',') : []);
    return reply.length === 4
      ? this.#global(userId, query.type, blocked, reply)
      : this.#friends(userId, query.type, blocked, reply);
  }

  #read(userId: string, query: LeaderboardQuery): Promise<ReadReply | null> {
    const keys =
      query.scope === 'global'
        ? [this.#key(`order:${query.type}`), this.#key(`score:${query.type}`)]
        : [this.#key('friends')];
    const args = query.scope === 'global' ? [userId, String(LEADERBOARD_TOP)] : [userId];
    return this.#script('lifequestRankingsRead', READ)(
      3 + keys.length,
      this.#key('meta'),
      this.#key('blocked'),
      this.#key('heroes'),
      ...keys,
      ...args,
    ) as Promise<ReadReply | null>;
  }

  /** A script as a command of its own: EVALSHA, its text sent again only when Redis lacks it. */
  #script(name: string, lua: string): (...args: (string | number)[]) => Promise<unknown> {
    const redis = this.#redis as unknown as Record<
      string,
      (...args: (string | number)[]) => Promise<unknown>
    >;
    if (!redis[name]) this.#redis.defineCommand(name, { lua });
    return redis[name]!.bind(redis);
  }

  /** Drops the sets: the next round rebuilds them (tests; an operator after restoring the database). */
  async drop(): Promise<void> {
    await this.#redis.del(...this.#allKeys());
  }

  #allKeys(): string[] {
    return [
      this.#key('meta'),
      this.#key('heroes'),
      this.#key('blocked'),
      this.#key('friends'),
      ...BOARDS.flatMap((b) => [this.#key(`order:${b}`), this.#key(`score:${b}`)]),
    ];
  }

  /**
   * One statement: the snapshot's xmin (every transaction below it has finished), the epoch, and the
   * heroes logged by transactions at or after the cursor, each with their row, blocks and friends; rows
   * below the cursor were applied by an earlier round and go.
   */
  async #changes(cursor: string): Promise<ChangesRow> {
    const [row] = await this.#db.query<ChangesRow>(
      `with gone as (
         delete from "social"."ranking_changes" where xid < $1::bigint
       )
       select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
              (select f.epoch from "social"."ranking_feed" f)::text as epoch,
              (select coalesce(json_agg(json_build_object(
                        'id', x.id,
                        'hero', case when h.id is null then null else ${HERO_JSON} end,
                        'blocked', ${BLOCKED_OF},
                        'friends', ${FRIENDS_OF})), '[]'::json)
                 from (select distinct hero_id as id from "social"."ranking_changes" where xid >= $1::bigint) x
                 left join "social"."heroes" h on h.id = x.id) as changes`,
      [cursor],
    );
    if (!row) throw new Error('the rankings log read returned no row');
    return row;
  }

  async #apply(changes: Change[], xmin: string): Promise<void> {
    const ids = changes.map((c) => c.id);
    const before = ids.length > 0 ? await this.#redis.hmget(this.#key('heroes'), ...ids) : [];
    const tx = this.#redis.multi();
    for (const [index, change] of changes.entries()) {
      const old = before[index];
      if (old) this.#remove(tx, change.id, JSON.parse(old) as HeroRecord);
      const record = change.hero ? recordOf(change.hero) : null;
      if (record) this.#add(tx, change.id, record);
      this.#relations(tx, change);
    }
    tx.hset(this.#key('meta'), 'cursor', xmin);
    await tx.exec();
  }

  /** The hero's blocks and friends, as the database has them (no field when none). */
  #relations(tx: ReturnType<Redis['multi']>, change: Omit<Change, 'hero'>): void {
    if (change.blocked) tx.hset(this.#key('blocked'), change.id, change.blocked);
    else tx.hdel(this.#key('blocked'), change.id);
    if (change.friends) tx.hset(this.#key('friends'), change.id, change.friends);
    else tx.hdel(this.#key('friends'), change.id);
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

  /**
   * Everything from social.heroes, blocks and friendships as of one snapshot; its xmin becomes the
   * cursor.
   */
  async #rebuild(): Promise<void> {
    const [row] = await this.#db.query<{
      xmin: string;
      epoch: string;
      heroes: HeroRow[];
      relations: Omit<Change, 'hero'>[];
    }>(
      `select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
              (select f.epoch from "social"."ranking_feed" f)::text as epoch,
              (select coalesce(json_agg(${HERO_JSON}), '[]'::json) from "social"."heroes" h where h.onboarded) as heroes,
              (select coalesce(json_agg(json_build_object('id', x.id, 'blocked', ${BLOCKED_OF},
                                                          'friends', ${FRIENDS_OF})), '[]'::json)
                 from (select user_id as id from "social"."blocks" union select blocked_id from "social"."blocks"
                       union select user_id from "social"."friendships") x) as relations`,
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
    for (let start = 0; start < row.relations.length; start += CHUNK) {
      const tx = this.#redis.pipeline();
      for (const relation of row.relations.slice(start, start + CHUNK)) {
        this.#relations(tx as unknown as ReturnType<Redis['multi']>, relation);
      }
      await tx.exec();
    }
    // A purge that committed since the snapshot moved the epoch: its hero may be in the sets, so they go
    // and the next round rebuilds. Otherwise every write here came before that commit, and its `forget`.
    const [now] = await this.#db.query<{ epoch: string }>(
      `select epoch::text as epoch from "social"."ranking_feed"`,
    );
    if (now?.epoch !== row.epoch) {
      await this.#redis.del(...this.#allKeys());
      this.#log?.info('rankings rebuild dropped: a purge committed during it');
      void this.settled();
      return;
    }
    await this.#redis.hset(this.#key('meta'), 'epoch', row.epoch, 'cursor', row.xmin);
    this.#log?.info({ heroes: row.heroes.length }, 'rankings rebuilt in Redis');
  }

  #global(
    userId: string,
    board: Board,
    blocked: Set<string>,
    [, top, me, ahead]: [string, string[], string, number],
  ): Leaderboard {
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

  #friends(
    userId: string,
    board: Board,
    blocked: Set<string>,
    [, ids, records]: [string, string[], string[]],
  ): Leaderboard {
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
