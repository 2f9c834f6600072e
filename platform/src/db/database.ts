import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';

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
  close(): Promise<void>;
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  await pool.query('select 1');
  const q = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      return (await client.query(sql, params)).rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...q(pool),
    prismaAdapter: () => new PrismaPg(pool),
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
    close: () => pool.end(),
  };
}

/** Opens the embedded database. The caller must hold the data-dir lock: two PGlite processes corrupt it. */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  let pglite: PGlite;
  if (dataDir) {
    const dir = join(dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir);
  } else {
    pglite = await PGlite.create();
  }
  const q = (client: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      return (await client.query<T>(sql, params)).rows;
    },
    async exec(sql: string) {
      await client.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...q(pglite),
    prismaAdapter: () => new PrismaPGlite(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(q(tx))),
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}
