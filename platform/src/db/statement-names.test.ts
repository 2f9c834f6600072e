import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedDatabase, describeWithInfra, type IsolatedPostgres } from '../testing/infra.ts';
import { type Database, openPglite, openPostgres, StatementNames } from './database.ts';

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

/** The same cases on PGlite and on PostgreSQL. */
function statementsSuite(open: (names?: StatementNames) => Promise<Database>) {
  let db: Database;
  beforeAll(async () => {
    db = await open();
    await db.exec(
      'create table things (id int primary key, label text, at timestamptz, meta jsonb, tags text[])',
    );
  });
  afterAll(() => db?.close());

  it('runs as one named statement per text, with each call’s parameters, in and out of transactions', async () => {
    const sql = 'select $1::int + 1 as n';
    const answers: unknown[] = [];
    const prepared = await preparedOn(db, async (run) => {
      for (const n of [1, 2, 3]) answers.push(await run(sql, [n]));
    });
    answers.push(await db.query(sql, [4]));
    expect(answers).toEqual([[{ n: 2 }], [{ n: 3 }], [{ n: 4 }], [{ n: 5 }]]);
    expect(prepared.filter((p) => p.statement === sql)).toEqual([
      { name: new StatementNames().nameOf(sql), statement: sql },
    ]);
  });

  it('sends and reads back what the unnamed path did: dates, JSON, arrays, booleans, nulls', async () => {
    const at = new Date('2026-11-27T10:11:12.345Z');
    const meta = { a: [1, 'x'], b: null };
    const roundTrip = async (database: Database, table: string) => {
      await database.exec(
        `create table ${table} (id int primary key, label text, at timestamptz, meta jsonb, tags text[])`,
      );
      const insert = `insert into ${table} (id, label, at, meta, tags) values ($1, $2, $3, $4, $5) returning *`;
      const read = `select id, label, at, meta, tags, $2::boolean as flag from ${table} where id = $1`;
      return [
        await database.query(insert, [1, 'one', at, meta, ['x', 'y z']]),
        await database.query(insert, [2, null, null, null, null]),
        await database.query(read, [1, true]),
        await database.query(read, [2, false]),
      ];
    };
    const row = { id: 1, label: 'one', at, meta, tags: ['x', 'y z'] };
    const empty = { id: 2, label: null, at: null, meta: null, tags: null };
    const expected = [[row], [empty], [{ ...row, flag: true }], [{ ...empty, flag: false }]];
    expect(await roundTrip(db, 'named_rows')).toEqual(expected);
    // The same answers from statements left unnamed (past the bound).
    const unnamed = await open(new StatementNames(0));
    try {
      expect(await roundTrip(unnamed, 'unnamed_rows')).toEqual(expected);
    } finally {
      await unnamed.close();
    }
  });

  it('leaves a statement without parameters to the simple protocol', async () => {
    const prepared = await preparedOn(db, (run) => run('select 1 as one'));
    expect(prepared.map((p) => p.statement)).not.toContain('select 1 as one');
  });

  it('runs the texts past its bound unnamed', async () => {
    const bounded = await open(new StatementNames(1));
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
        await tx.query(insert, [10, 'ten']);
        await tx.query(insert, [10, 'again']); // the key taken: the transaction fails
      }),
    ).rejects.toThrow(/duplicate key/);
    await expect(db.query(insert, ['x', 'bad'])).rejects.toThrow(/invalid input syntax/);
    await expect(db.query('select nope from things where id = $1', [1])).rejects.toThrow(/nope/);
    await expect(db.query('select nope from things where id = $1', [1])).rejects.toThrow(/nope/);
    // The statement prepared in the rolled-back transaction is still there, and runs.
    await db.query(insert, [10, 'ten']);
    await db.query(insert, [11, 'eleven']);
    expect(await db.query('select id, label from things where id >= $1 order by id', [10])).toEqual([
      { id: 10, label: 'ten' },
      { id: 11, label: 'eleven' },
    ]);
  });

  it('a rolled-back transaction’s named writes are gone, a committed one’s kept', async () => {
    const insert = 'insert into things (id, label) values ($1, $2)';
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, [20, 'twenty']);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await db.transaction((tx) => tx.query(insert, [21, 'twenty-one']));
    expect(await db.query('select id from things where id between $1 and $2 order by id', [20, 29])).toEqual([
      { id: 21 },
    ]);
  });
}

describe('statements with parameters on PGlite', () => {
  statementsSuite((names) => openPglite(undefined, names));

  it('a named read outside a transaction waits for the one in progress instead of running inside it', async () => {
    const db = await openPglite(undefined);
    try {
      await db.exec('create table t (id int primary key); insert into t values (1), (2);');
      const count = 'select count(*)::int as n from t where id > $1';
      expect(await db.query(count, [0])).toEqual([{ n: 2 }]); // named, and parsed, before the transaction
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const tx = db.transaction(async (q) => {
        await q.query('insert into t values ($1)', [3]);
        await held;
        throw new Error('rolled back');
      });
      const during = db.query(count, [0]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      release();
      await expect(tx).rejects.toThrow('rolled back');
      expect(await during).toEqual([{ n: 2 }]);
    } finally {
      await db.close();
    }
  });
});

await describeWithInfra('postgres', 'statements with parameters on PostgreSQL', (postgresUrl) => {
  let isolated: IsolatedPostgres;
  beforeAll(async () => {
    isolated = await createIsolatedDatabase(postgresUrl);
  });
  afterAll(() => isolated?.dispose());
  // max 2: the suite's transactions and reads share a connection often enough to see it prepared there.
  statementsSuite((names) =>
    openPostgres(isolated.url, { max: 2, ...(names ? { statementNames: names } : {}) }),
  );
});
