import { migrate, openPglite } from '@lifequest/platform';
import { describeWithInfra, isolatedInfraPrefix } from '@lifequest/platform/testing';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseSessionStore } from './database-store.ts';
import { redisSessionStore } from './redis-store.ts';
import { SESSION_TTL_SECONDS, sessionKey } from './store.ts';

const DAY = 24 * 60 * 60;

describe('sessions in the embedded database', async () => {
  const db = await openPglite(undefined);
  await migrate(db, 'gateway', new URL('../../migrations/', import.meta.url), { eventTables: false });
  const store = databaseSessionStore(db);
  afterAll(() => db.close());

  const secondsLeft = async (id: string) =>
    (
      await db.query<{ left: number }>(
        'select extract(epoch from expires_at - now())::int as left from gateway.sessions where id_hash = $1',
        [sessionKey(id)],
      )
    )[0]?.left;

  it('slides: every use pushes the expiry back to thirty days', async () => {
    const id = await store.create({ userId: crypto.randomUUID(), email: 'a@example.com' });
    await db.query("update gateway.sessions set expires_at = now() + interval '1 day' where id_hash = $1", [
      sessionKey(id),
    ]);
    expect(await secondsLeft(id)).toBeLessThanOrEqual(DAY);
    expect(await store.touch(id)).toMatchObject({ email: 'a@example.com' });
    expect(await secondsLeft(id)).toBeGreaterThan(SESSION_TTL_SECONDS - 60);
  });

  it('an expired session is gone, and logout destroys a session for good', async () => {
    const expired = await store.create({ userId: crypto.randomUUID(), email: 'b@example.com' });
    await db.query(
      "update gateway.sessions set expires_at = now() - interval '1 second' where id_hash = $1",
      [sessionKey(expired)],
    );
    expect(await store.touch(expired)).toBeNull();
    const live = await store.create({ userId: crypto.randomUUID(), email: 'c@example.com' });
    await store.destroy(live);
    expect(await store.touch(live)).toBeNull();
  });

  it("destroys every session of one hero and no one else's", async () => {
    const hero = crypto.randomUUID();
    const [a, b] = [
      await store.create({ userId: hero, email: 'd@example.com' }),
      await store.create({ userId: hero, email: 'd@example.com' }),
    ];
    const other = await store.create({ userId: crypto.randomUUID(), email: 'e@example.com' });
    await store.destroyForUser(hero);
    expect([await store.touch(a), await store.touch(b)]).toEqual([null, null]);
    expect(await store.touch(other)).not.toBeNull();
  });

  it('answers a session used again within a minute from memory, without writing it again', async () => {
    const writes: string[] = [];
    const counted = databaseSessionStore({
      ...db,
      query: (sql: string, params?: unknown[]) => {
        writes.push(sql);
        return db.query(sql, params);
      },
    } as typeof db);
    const id = await counted.create({ userId: crypto.randomUUID(), email: 'i@example.com' });
    writes.length = 0;
    for (let i = 0; i < 5; i++) expect(await counted.touch(id)).toMatchObject({ email: 'i@example.com' });
    expect(writes).toHaveLength(1);
  });

  it('logout and a deleted hero end a session that was just used, though it is held in memory', async () => {
    const hero = crypto.randomUUID();
    const [a, b, c] = [
      await store.create({ userId: hero, email: 'j@example.com' }),
      await store.create({ userId: hero, email: 'j@example.com' }),
      await store.create({ userId: hero, email: 'j@example.com' }),
    ];
    for (const id of [a, b, c]) expect(await store.touch(id)).not.toBeNull();
    await store.destroy(a);
    expect(await store.touch(a)).toBeNull();
    await store.destroyForUser(hero);
    expect([await store.touch(b), await store.touch(c)]).toEqual([null, null]);
  });

  it('a logout that lands while a use is reading the session is not undone by that read', async () => {
    const id = await store.create({ userId: crypto.randomUUID(), email: 'k@example.com' });
    const reading = store.touch(id);
    await store.destroy(id);
    expect(await reading).not.toBeNull();
    expect(await store.touch(id)).toBeNull();
  });

  it('after the minute, a session held in memory is read again and can be found expired', async () => {
    const briefly = databaseSessionStore(db, { reuseMs: 1 });
    const id = await briefly.create({ userId: crypto.randomUUID(), email: 'l@example.com' });
    expect(await briefly.touch(id)).not.toBeNull();
    await db.query(
      "update gateway.sessions set expires_at = now() - interval '1 second' where id_hash = $1",
      [sessionKey(id)],
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await briefly.touch(id)).toBeNull();
  });

  it('keeps only a hash of the session id', async () => {
    const id = await store.create({ userId: crypto.randomUUID(), email: 'f@example.com' });
    const rows = await db.query<{ id_hash: string }>('select id_hash from gateway.sessions');
    expect(rows.some((r) => r.id_hash === id)).toBe(false);
    expect(rows.some((r) => r.id_hash === sessionKey(id))).toBe(true);
  });
});

await describeWithInfra('redis', 'sessions in Redis', (url) => {
  const infra = isolatedInfraPrefix({ redisUrl: url });
  const store = redisSessionStore(url, `${infra.prefix}:`);
  const redis = new Redis(url);
  afterAll(async () => {
    await store.close();
    redis.disconnect();
    await infra.dispose();
  });
  const key = (id: string) => `${infra.prefix}:session:${sessionKey(id)}`;

  it('slides: every use pushes the expiry back to thirty days, the hero index too', async () => {
    const hero = crypto.randomUUID();
    const id = await store.create({ userId: hero, email: 'a@example.com' });
    await redis.expire(key(id), 100);
    await redis.expire(`${infra.prefix}:user-sessions:${hero}`, 100);
    expect(await store.touch(id)).toMatchObject({ userId: hero });
    expect(await redis.ttl(key(id))).toBeGreaterThan(SESSION_TTL_SECONDS - 60);
    expect(await redis.ttl(`${infra.prefix}:user-sessions:${hero}`)).toBeGreaterThan(
      SESSION_TTL_SECONDS - 60,
    );
  });

  it("logout removes the session and its index entry; destroyForUser ends all of one hero's", async () => {
    const hero = crypto.randomUUID();
    const [a, b] = [
      await store.create({ userId: hero, email: 'g@example.com' }),
      await store.create({ userId: hero, email: 'g@example.com' }),
    ];
    await store.destroy(a);
    expect(await store.touch(a)).toBeNull();
    expect(await redis.smembers(`${infra.prefix}:user-sessions:${hero}`)).toEqual([key(b)]);
    const other = await store.create({ userId: crypto.randomUUID(), email: 'h@example.com' });
    await store.destroyForUser(hero);
    expect(await store.touch(b)).toBeNull();
    expect(await store.touch(other)).not.toBeNull();
  });
});
