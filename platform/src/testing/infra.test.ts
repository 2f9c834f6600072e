import pg from 'pg';
import { expect, it } from 'vitest';
import { createIsolatedDatabase, describeWithInfra, skipOffCi, uniqueName } from './infra.ts';

it('unique names differ between calls and keep their prefix', () => {
  const a = uniqueName('lq');
  const b = uniqueName('lq');
  expect(a).not.toBe(b);
  expect(a.startsWith('lq_')).toBe(true);
});

it('a test missing a tool is skipped off CI, and runs to fail under CI=true', () => {
  const offCi = skipOffCi('a tool test', 'the tool is missing', {});
  expect(offCi.skip).toBe(true);
  const onCi = skipOffCi('a tool test', 'the tool is missing', { CI: 'true' });
  expect(onCi.skip).toBe(false);
  expect(() => onCi.failIfMissing()).toThrow('CI=true and the tool is missing');
  const present = skipOffCi('a tool test', null, { CI: 'true' });
  expect(present.skip).toBe(false);
  expect(() => present.failIfMissing()).not.toThrow();
});

await describeWithInfra('postgres', 'an isolated test database', (baseUrl) => {
  it('is created empty, usable, and dropped on dispose', async () => {
    const db = await createIsolatedDatabase(baseUrl);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
    );
    expect(rows[0]?.n).toBe(0);
    const name = (await client.query<{ db: string }>('select current_database() as db')).rows[0]?.db;
    await client.end();
    await db.dispose();

    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    const left = await admin.query('select 1 from pg_database where datname = $1', [name]);
    await admin.end();
    expect(left.rowCount).toBe(0);
  });
});
