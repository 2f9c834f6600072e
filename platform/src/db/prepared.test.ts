import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from './database.ts';

describe('prepared reads on PGlite', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite(undefined);
    await db.exec(`create table t (id int primary key, label text, meta json, done boolean);
                   insert into t values (1, 'one', '{"a":[1,2]}', true), (2, null, null, false);`);
  });
  afterAll(() => db.close());

  it('answers typed rows, call after call, with the parameters of each call', async () => {
    const read = db.prepare<{ id: number; label: string | null; meta: unknown; done: boolean }>(
      'test_read',
      'select id, label, meta, done from t where id >= $1 order by id',
    );
    expect(await read([1])).toEqual([
      { id: 1, label: 'one', meta: { a: [1, 2] }, done: true },
      { id: 2, label: null, meta: null, done: false },
    ]);
    expect(await read([2])).toEqual([{ id: 2, label: null, meta: null, done: false }]);
    expect(await read([3])).toEqual([]);
  });

  it('throws the database error, and a statement that failed to parse is parsed again next time', async () => {
    const broken = db.prepare('test_broken', 'select nope from t where id = $1');
    await expect(broken([1])).rejects.toThrow(/nope/);
    await expect(broken([1])).rejects.toThrow(/nope/);
    const bad = db.prepare('test_bad_param', 'select id from t where id = $1');
    await expect(bad(['x'])).rejects.toThrow(/invalid input syntax/);
    expect(await bad([1])).toEqual([{ id: 1 }]);
    // The session is still usable for everything else.
    expect(await db.query('select count(*)::int as n from t')).toEqual([{ n: 2 }]);
  });

  it('waits for a transaction in progress instead of running inside it', async () => {
    const read = db.prepare<{ n: number }>('test_count', 'select count(*)::int as n from t where id > $1');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = db.transaction(async (q) => {
      await q.query('insert into t values (3, $1, null, false)', ['three']);
      await held;
      throw new Error('rolled back');
    });
    const during = read([0]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await expect(tx).rejects.toThrow('rolled back');
    expect(await during).toEqual([{ n: 2 }]);
  });
});
