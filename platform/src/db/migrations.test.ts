import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createIsolatedDatabase, describeWithInfra } from '../testing/infra.ts';
import { openPglite, openPostgres } from './database.ts';
import { migrate } from './migrations.ts';

function migrationsDir(files: Record<string, string>): URL {
  const dir = mkdtempSync(join(tmpdir(), 'lq-mig-'));
  mkdirSync(join(dir, 'm'));
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, 'm', name), sql);
  return pathToFileURL(join(dir, 'm/'));
}

describe('migrations on the embedded database', () => {
  it('applies each file once, in name order, and skips it on the next boot', async () => {
    const db = await openPglite(undefined);
    const dir = migrationsDir({
      '0002_more.sql': 'alter table demo.things add column size int;',
      '0001_init.sql': 'create table demo.things (id int primary key);',
    });
    expect(await migrate(db, 'demo', dir)).toEqual({
      applied: ['0001_init.sql', '0002_more.sql'],
      skipped: [],
    });
    expect(await migrate(db, 'demo', dir)).toEqual({
      applied: [],
      skipped: ['0001_init.sql', '0002_more.sql'],
    });
    const cols = await db.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_schema = 'demo' and table_name = 'things' order by 1",
    );
    expect(cols.map((c) => c.column_name)).toEqual(['id', 'size']);
    await db.close();
  });

  it('stops the boot when an applied migration was edited', async () => {
    const db = await openPglite(undefined);
    const dir = migrationsDir({ '0001_init.sql': 'create table demo.things (id int primary key);' });
    await migrate(db, 'demo', dir);
    const edited = migrationsDir({ '0001_init.sql': 'create table demo.things (id bigint primary key);' });
    await expect(migrate(db, 'demo', edited)).rejects.toThrow(/was changed after it was applied/);
    await db.close();
  });

  it('rolls back a failing migration completely', async () => {
    const db = await openPglite(undefined);
    const dir = migrationsDir({
      '0001_init.sql': 'create table demo.things (id int primary key);',
      '0002_broken.sql': 'alter table demo.nothing add column x int;',
    });
    await expect(migrate(db, 'demo', dir)).rejects.toThrow();
    const tables = await db.query(
      "select 1 from information_schema.tables where table_schema = 'demo' and table_name = 'things'",
    );
    expect(tables).toHaveLength(0);
    await db.close();
  });
});

await describeWithInfra('postgres', 'migrations on PostgreSQL', (url) => {
  it('replicas booting together apply each migration exactly once', async () => {
    await using database = await createIsolatedDatabase(url);
    const dbs = await Promise.all([1, 2, 3, 4].map(() => openPostgres(database.url, { max: 2 })));
    const dir = migrationsDir({
      '0001_init.sql': 'create table demo.things (id int primary key);',
      '0002_seed.sql': 'insert into demo.things values (1);',
    });
    const results = await Promise.all(dbs.map((db) => migrate(db, 'demo', dir)));
    expect(results.flatMap((r) => r.applied).sort()).toEqual(['0001_init.sql', '0002_seed.sql']);
    expect(await dbs[0]!.query('select id from demo.things')).toEqual([{ id: 1 }]);
    await Promise.all(dbs.map((db) => db.close()));
  });
});
