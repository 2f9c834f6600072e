import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedDatabase, describeWithInfra, type IsolatedPostgres } from '../testing/infra.ts';
import { type Database, openPostgres, StatementNames } from './database.ts';

describe('StatementNames', () => {
  it('names a text the same way every time, within PostgreSQL’s 63 bytes, and two texts apart', () => {
    const names = new StatementNames();
    const a = names.nameOf('select $1::int');
    expect(a).toMatch(/^lq_[0-9a-f]{40}$/);
    expect(a!.length).toBeLessThanOrEqual(63);
    expect(names.nameOf('select $1::int')).toBe(a);
    expect(new StatementNames().nameOf('select $1::int')).toBe(a);
    expect(names.nameOf('select $1::text')).not.toBe(a);
  });

  it('names no new text once its bound is reached, and keeps the names it gave', () => {
    const names = new StatementNames(2);
    const a = names.nameOf('select 1 where $1');
    const b = names.nameOf('select 2 where $1');
    expect([a, b].every(Boolean)).toBe(true);
    expect(names.nameOf('select 3 where $1')).toBeUndefined();
    expect(names.nameOf('select 1 where $1')).toBe(a);
  });
});

await describeWithInfra('postgres', 'statements with parameters on PostgreSQL', (postgresUrl) => {
  let isolated: IsolatedPostgres;
  let db: Database;
  /** What the connection running `fn` has prepared, by statement text. */
  const preparedOn = (database: Database, fn: (run: Database['query']) => Promise<unknown>) =>
    database.transaction(async (tx) => {
      await fn((sql, params) => tx.query(sql, params));
      return (
        await tx.query<{ name: string; statement: string }>(
          'select name, statement from pg_prepared_statements order by statement',
        )
      ).map((row) => ({ name: row.name, statement: row.statement }));
    });

  beforeAll(async () => {
    isolated = await createIsolatedDatabase(postgresUrl);
    db = await openPostgres(isolated.url, { max: 2 });
    await db.exec('create table things (id int primary key, label text)');
  });
  afterAll(async () => {
    await db?.close();
    await isolated?.dispose();
  });

  it('runs as one named statement per text on a connection, with each call’s parameters', async () => {
    const sql = 'select $1::int + 1 as n';
    const answers: unknown[] = [];
    const prepared = await preparedOn(db, async (run) => {
      for (const n of [1, 2, 3]) answers.push(await run(sql, [n]));
    });
    expect(answers).toEqual([[{ n: 2 }], [{ n: 3 }], [{ n: 4 }]]);
    expect(prepared.filter((p) => p.statement === sql)).toEqual([
      { name: new StatementNames().nameOf(sql), statement: sql },
    ]);
  });

  it('leaves a statement without parameters to the simple protocol', async () => {
    const prepared = await preparedOn(db, (run) => run('select 1 as one'));
    expect(prepared.map((p) => p.statement)).not.toContain('select 1 as one');
  });

  it('runs the texts past its bound unnamed', async () => {
    const bounded = await openPostgres(isolated.url, { max: 1, statementNames: new StatementNames(1) });
    try {
      const prepared = await preparedOn(bounded, async (run) => {
        expect(await run('select $1::int as first', [1])).toEqual([{ first: 1 }]);
        expect(await run('select $1::int as second', [2])).toEqual([{ second: 2 }]);
      });
      expect(prepared.map((p) => p.statement)).toEqual(['select $1::int as first']);
    } finally {
      await bounded.close();
    }
  });

  it('survives a failed call: a rolled-back transaction, a bad parameter, a statement that does not parse', async () => {
    const insert = 'insert into things (id, label) values ($1, $2)';
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, [1, 'one']);
        await tx.query(insert, [1, 'again']); // the key taken: the transaction fails
      }),
    ).rejects.toThrow(/duplicate key/);
    await expect(db.query(insert, ['x', 'bad'])).rejects.toThrow(/invalid input syntax/);
    await expect(db.query('select nope from things where id = $1', [1])).rejects.toThrow(/nope/);
    await expect(db.query('select nope from things where id = $1', [1])).rejects.toThrow(/nope/);
    // The statement prepared in the rolled-back transaction is still there, and runs.
    await db.query(insert, [1, 'one']);
    await db.query(insert, [2, 'two']);
    expect(await db.query('select id, label from things where id >= $1 order by id', [1])).toEqual([
      { id: 1, label: 'one' },
      { id: 2, label: 'two' },
    ]);
  });
});
