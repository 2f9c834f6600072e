import { createHash, randomUUID } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite, types as pgliteTypes, protocol } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { isDatabaseUnavailable } from './unavailable.ts';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs one or more statements without parameters (a migration file). */
  exec(sql: string): Promise<void>;
}

/** The database port: PGlite when embedded, PostgreSQL when distributed; one schema per service either way. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** A driver adapter for a service's generated Prisma client. */
  prismaAdapter(): PrismaPg | PrismaPGlite;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTEN on `channel` (lower-case letters, digits, `_`): `onNotify` gets the payload of every NOTIFY
   * committed on it from now on, by any connection to the database. PostgreSQL: a connection of its own,
   * and `onLost` is told if it drops (nothing is heard after that; listen again). Resolves with the stop.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onLost?: (error: unknown) => void,
  ): Promise<() => Promise<void>>;
  /**
   * Embedded only: a gzipped tar of the whole data dir, taken between transactions (every committed
   * write in it, none half-done), while the database keeps running (docs/features/data-ownership.md#backups).
   */
  dumpDataDir?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;

function assertChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid notification channel '${channel}'`);
}

/**
 * How many distinct SQL texts one database handle runs as named prepared statements (`StatementNames`);
 * texts beyond it run unnamed. A service runs a few dozen to a hundred or so; the embedded process,
 * every module on one PGlite, about three hundred.
 */
export const MAX_PREPARED_STATEMENTS = 500;

/*
 * Every statement with parameters runs as a named prepared statement, its name derived from its text:
 * on PostgreSQL each pooled connection parses and analyses it the first time it runs there (PGlite, its
 * one session, once), and from then on only binds and executes it (after five runs Postgres plans it
 * once for all parameters when that plan costs no more than planning each time). Parsing, analysing and
 * planning were about a third of PostgreSQL's CPU for a milestone toggle
 * (docs/performance.md#prepared-statements). A statement without parameters keeps the simple protocol:
 * it may hold several statements (a migration, a LISTEN). The number of names is bounded, so SQL built
 * with varying text could not grow every connection's statements without end.
 */
export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #max: number;
  constructor(max = MAX_PREPARED_STATEMENTS) {
    this.#max = max;
  }

  /** The statement's name, or undefined when the bound is reached and the text is new. */
  nameOf(sql: string): string | undefined {
    const known = this.#names.get(sql);
    if (known !== undefined || this.#names.size >= this.#max) return known;
    const name = `lq_${createHash('sha1').update(sql).digest('hex')}`;
    this.#names.set(sql, name);
    return name;
  }
}

export async function openPostgres(
  url: string,
  options: { max?: number; statementNames?: StatementNames } = {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  const names = options.statementNames ?? new StatementNames();
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may a checked-out one: when the server ends a connection between two statements (a restart,
  // pg_terminate_backend), node-postgres emits 'error' on the client, and a client without a listener
  // would throw it as an uncaught exception and end the process. The statement in flight still fails
  // with the error (answered 503), and the pool drops the broken client when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  await pool.query('select 1');
  const q = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const name = params.length > 0 ? names.nameOf(sql) : undefined;
      const result = name
        ? await client.query({ name, text: sql, values: params })
        : await client.query(sql, params);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...q(pool),
    prismaAdapter: () => new RetryingReadsPrismaPg(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(q(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onNotify, onLost) {
      assertChannel(channel);
      const client = new pg.Client({ connectionString: url });
      let lost = false;
      const lose = (error: unknown) => {
        if (lost) return;
        lost = true;
        onLost?.(error);
      };
      client.on('error', lose);
      client.on('end', () => lose(new Error('the listening connection ended')));
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      try {
        await client.connect();
        await client.query(`listen ${channel}`);
      } catch (error) {
        lost = true;
        await client.end().catch(() => {});
        throw error;
      }
      return async () => {
        lost = true;
        await client.end().catch(() => {});
      };
    },
    close: () => pool.end(),
  };
}

/** How long a retry waits for the pool to notice its other dropped connections. */
const RETRY_PAUSE_MS = 25;

/**
 * The PostgreSQL driver adapter, with one retry on a fresh connection for a plain read (a SELECT outside
 * any transaction) that failed because the connection was dropped: it changed nothing, so running it
 * again is safe. Writes are never retried here: a statement whose connection died may have committed.
 * (Units of work that had not reached their commit are retried by ServiceEvents.)
 */
class RetryingReadsPrismaPg extends PrismaPg {
  override async connect() {
    const adapter = await super.connect();
    const queryRaw = adapter.queryRaw.bind(adapter);
    adapter.queryRaw = async (query) => {
      try {
        return await queryRaw(query);
      } catch (error) {
        if (!READ_ONLY.test(query.sql) || !isDatabaseUnavailable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
        return queryRaw(query);
      }
    };
    return adapter;
  }
}

/** A single SELECT (Prisma's reads), not a write that returns rows (`insert ... returning`, a CTE). */
const READ_ONLY = /^\s*select\b(?![\s\S]*\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b)/i;

/*
 * Postgres's default shared_buffers (128 MB, as initdb writes it) is sized for a server; inside the
 * LifeQuest process it is WebAssembly memory the process keeps for its whole life. 16 MB (2,048
 * pages) holds a household's data many times over, and the process idles about 200 MB smaller.
 */
const EMBEDDED_SETTINGS = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] };

/** Opens the embedded database. The caller must hold the data-dir lock: two PGlite processes corrupt it. */
export async function openPglite(
  dataDir: string | undefined,
  names: StatementNames = new StatementNames(),
): Promise<Database> {
  const template = await freshClusterTemplate();
  let pglite: PGlite;
  if (dataDir) {
    const dir = join(dataDir, 'pgdata');
    const fresh = !existsSync(join(dir, 'PG_VERSION'));
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir, {
      ...EMBEDDED_SETTINGS,
      ...(fresh && template ? { loadDataDir: template } : {}),
    });
    if (fresh && !template) await saveClusterTemplate(pglite);
  } else {
    pglite = await PGlite.create({ ...EMBEDDED_SETTINGS, ...(template ? { loadDataDir: template } : {}) });
    if (!template) await saveClusterTemplate(pglite);
  }
  const statements = new PgliteStatements(pglite);
  /** One statement at a time, after any transaction in progress: what PGlite's own `query` waits for. */
  const outsideTransactions = <T>(run: () => Promise<T>) =>
    pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(run));
  const q = (client: Pick<PGlite, 'query' | 'exec'>, inTransaction: boolean): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const name = params.length > 0 ? names.nameOf(sql) : undefined;
      if (name === undefined) return (await client.query<T>(sql, params)).rows;
      const run = () => statements.run<T>(name, sql, params, inTransaction);
      // In a transaction PGlite already holds its transaction lock for this caller: the query lock only.
      return inTransaction ? pglite._runExclusiveQuery(run) : outsideTransactions(run);
    },
    async exec(sql: string) {
      await client.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...q(pglite, false),
    prismaAdapter: () => new PrismaPGlite(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(q(tx, true))),
    // PGlite's own dump holds its query lock; holding the transaction lock around it too means no
    // transaction is half-way: the copy is what a crash at that instant would leave, every commit in it.
    dumpDataDir: () =>
      pglite._runExclusiveTransaction(async () => {
        const dump = await pglite.dumpDataDir('gzip');
        return new Uint8Array(await dump.arrayBuffer());
      }),
    async listen(channel, onNotify) {
      assertChannel(channel);
      const stop = await pglite.listen(channel, onNotify);
      return async () => {
        if (!pglite.closed) await stop();
      };
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

/*
 * PGlite's `query` runs every statement as six protocol messages, each its own call into the
 * WebAssembly (parse, describe, bind, describe, execute, sync), and Postgres parses, analyses and plans
 * the text again each time: for the dashboard's read that was half of its cost (8.2 → 4.1 ms a read,
 * measured one after another on the seeded data). A named statement is parsed and described once (its
 * parameters' types kept), and each call is one batch of messages (bind, describe, execute, sync)
 * against the kept statement. Parameters are serialized and rows parsed as PGlite's own `query` does,
 * by the types the statement declares and the columns it answers.
 */
class PgliteStatements {
  readonly #pglite: PGlite;
  /** Each parsed statement's parameter types, by its name. */
  readonly #parameterTypes = new Map<string, number[]>();

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  /** Runs `name` (parsing `sql` under it first if needed); the caller holds PGlite's locks. */
  async run<T>(name: string, sql: string, params: readonly unknown[], inTransaction: boolean): Promise<T[]> {
    const { serialize } = protocol;
    const parameterTypes = this.#parameterTypes.get(name) ?? (await this.#parse(name, sql, inTransaction));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.#pglite.serializers[parameterTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const answer = await this.#send(
      [
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ],
      inTransaction,
    );
    const { DataRowMessage, RowDescriptionMessage } = protocol.messages;
    let fields: { name: string; dataTypeID: number }[] = [];
    const rows: T[] = [];
    for (const m of answer) {
      if (m instanceof RowDescriptionMessage) fields = m.fields;
      else if (m instanceof DataRowMessage) {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < fields.length; i++) {
          const field = fields[i]!;
          row[field.name] = pgliteTypes.parseType(
            m.fields[i] ?? null,
            field.dataTypeID,
            this.#pglite.parsers,
          );
        }
        rows.push(row as T);
      }
    }
    return rows;
  }

  /**
   * Parses and describes the statement; keeps its parameters' types. A parse that fails leaves no
   * statement behind, so the next call parses again.
   */
  async #parse(name: string, sql: string, inTransaction: boolean): Promise<number[]> {
    const { serialize } = protocol;
    const answer = await this.#send(
      [serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()],
      inTransaction,
    );
    const description = answer.find((m) => m instanceof protocol.messages.ParameterDescriptionMessage);
    const parameterTypes = description?.dataTypeIDs ?? [];
    this.#parameterTypes.set(name, parameterTypes);
    return parameterTypes;
  }

  /** One batch of messages; throws the database's error when there was one. */
  async #send(messages: Uint8Array[], inTransaction: boolean) {
    const batch = new Uint8Array(messages.reduce((n, m) => n + m.byteLength, 0));
    let at = 0;
    for (const m of messages) {
      batch.set(m, at);
      at += m.byteLength;
    }
    // As PGlite's own `query`: the data dir is synced after a statement outside a transaction.
    const { messages: answer } = await this.#pglite.execProtocol(batch, {
      throwOnError: false,
      syncToFs: !inTransaction,
    });
    const error = answer.find((m) => m instanceof protocol.messages.DatabaseError);
    if (error) throw error;
    return answer;
  }
}

/*
 * A brand-new PGlite cluster runs initdb, which takes seconds (ten on a loaded two-core machine). The
 * result is the same every time for one PGlite version, so the first one is kept as a tarball in the
 * OS temp dir and later fresh clusters (tests, new data dirs) start from a copy of it. The tarball
 * (40 MB, a 16 MB WAL segment of it) is handed to PGlite as a file-backed Blob, read once when PGlite
 * unpacks it: reading it whole first and wrapping it in a Blob copied it twice more, about 0.3 s of
 * every fresh cluster on a loaded machine (docs/features/scale.md#ci-time). Once written, the file is
 * never replaced (a Blob of it would no longer read).
 */
const pgliteVersion: string = JSON.parse(
  readFileSync(
    join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'),
    'utf8',
  ),
).version;
const templatePath = join(tmpdir(), `lifequest-pglite-${pgliteVersion}-template.tar`);

async function freshClusterTemplate(): Promise<Blob | undefined> {
  try {
    return await openAsBlob(templatePath);
  } catch {
    return undefined; // none yet (or unreadable): this cluster runs initdb
  }
}

async function saveClusterTemplate(pglite: PGlite): Promise<void> {
  const partial = `${templatePath}.${process.pid}.${randomUUID()}.tmp`;
  try {
    const dump = await pglite.dumpDataDir('none');
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    // A new name for the whole file, or nothing if another process got there first: never a half-written
    // template, and never one replaced under a reader.
    linkSync(partial, templatePath);
  } catch {
    // Only a cache: without it the next fresh cluster runs initdb again.
  } finally {
    rmSync(partial, { force: true });
  }
}
