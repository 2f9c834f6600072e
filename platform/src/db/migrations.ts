import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type { Database } from './database.ts';
import { eventTablesSql } from './platform-tables.ts';

const SCHEMA_NAME = /^[a-z][a-z0-9_]*$/;

export interface AppliedMigrations {
  applied: string[];
  skipped: string[];
}

/**
 * Applies a service's SQL migrations (files `NNNN_name.sql`, in name order) to its own schema.
 * Runs in one transaction under an advisory lock, so replicas starting together apply each file once;
 * a file edited after it was applied stops the boot instead of drifting silently.
 */
export async function migrate(
  db: Database,
  schema: string,
  dir: URL | string,
  options: { eventTables?: boolean } = {},
): Promise<AppliedMigrations> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name '${schema}'`);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations = await Promise.all(
    files.map(async (name) => {
      const sql = await readFile(new URL(name, dirUrl(dir)), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`lifequest.migrate.${schema}`]);
    await tx.exec(`create schema if not exists "${schema}";
      create table if not exists "${schema}"."_migrations" (
        name text primary key,
        checksum text not null,
        applied_at timestamptz not null default now()
      );
      ${options.eventTables === false ? '' : eventTablesSql(schema)}`);
    const rows = await tx.query<{ name: string; checksum: string }>(
      `select name, checksum from "${schema}"."_migrations"`,
    );
    const done = new Map(rows.map((r) => [r.name, r.checksum]));
    const result: AppliedMigrations = { applied: [], skipped: [] };
    for (const m of migrations) {
      const previous = done.get(m.name);
      if (previous === m.checksum) {
        result.skipped.push(m.name);
        continue;
      }
      if (previous) {
        throw new Error(
          `Migration ${schema}/${m.name} was changed after it was applied; add a new migration instead.`,
        );
      }
      await tx.exec(m.sql);
      await tx.query(`insert into "${schema}"."_migrations" (name, checksum) values ($1, $2)`, [
        m.name,
        m.checksum,
      ]);
      result.applied.push(m.name);
    }
    return result;
  });
}

function dirUrl(dir: URL | string): URL {
  const url = typeof dir === 'string' ? new URL(`file://${dir}`) : dir;
  return url.href.endsWith('/') ? url : new URL(`${url.href}/`);
}
