import { describeWithInfra, isolatedInfraPrefix } from '@lifequest/platform/testing';
import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';
import { redisSessionStore } from './redis-store.ts';
import { replicaSessionCache } from './replica-cache.ts';
import type { SessionStore } from './store.ts';
import { sessionKey } from './store.ts';

// Two gateway replicas on one Redis, each keeping sessions in memory for a while: an ending on either
// must hold on both by the time it returns.
await describeWithInfra('redis', 'sessions kept in memory by several replicas', async (url) => {
  const infra = isolatedInfraPrefix({ redisUrl: url });
  const prefix = `${infra.prefix}:`;
  const replica = () => replicaSessionCache(redisSessionStore(url, prefix), url, prefix, { ttlMs: 60_000 });
  const [a, b] = [await replica(), await replica()];
  const redis = new Redis(url);
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    redis.disconnect();
    await infra.dispose();
  });
  const hero = () => ({ userId: crypto.randomUUID(), email: 'r@example.com' });

  it('answers a session it has seen from memory, without Redis', async () => {
    const data = hero();
    const id = await a.create(data);
    expect(await b.touch(id)).toEqual(data);
    // Gone from Redis behind the replicas' backs (not how sessions end): B still has its copy. This is
    // why every ending below is announced.
    await redis.del(`${prefix}session:${sessionKey(id)}`);
    expect(await b.touch(id)).toEqual(data);
    expect(await a.touch(id)).toBeNull();
  });

  it('a logout on one replica ends the session on the other before it returns', async () => {
    const data = hero();
    const id = await a.create(data);
    expect(await b.touch(id)).toEqual(data);
    expect(await a.touch(id)).toEqual(data);
    // What the gateway's hot path reads without a promise (identifyKept): the same copies.
    expect(b.kept(id)).toEqual(data);
    await a.destroy(id);
    expect(b.kept(id)).toBeUndefined();
    expect(a.kept(id)).toBeUndefined();
    expect(await b.touch(id)).toBeNull();
    expect(await a.touch(id)).toBeNull();
  });

  it('holds in memory only what touch would answer from memory: seen, and not older than its lifetime', async () => {
    const data = hero();
    const id = await a.create(data);
    expect(b.kept(id)).toBeUndefined();
    let now = Date.now();
    const clock = () => now;
    const brief = await replicaSessionCache(redisSessionStore(url, prefix), url, prefix, {
      ttlMs: 50,
      clock,
    });
    try {
      expect(await brief.touch(id)).toEqual(data);
      now += 49;
      expect(brief.kept(id)).toEqual(data);
      now += 1;
      expect(brief.kept(id)).toBeUndefined();
    } finally {
      await brief.close();
    }
  });

  it("ending a hero's sessions on one replica (their deletion) ends every one of them on the other", async () => {
    const data = hero();
    const [first, second] = [await a.create(data), await b.create(data)];
    const other = await a.create(hero());
    for (const id of [first, second, other]) expect(await b.touch(id)).not.toBeNull();
    await a.destroyForUser(data.userId);
    expect(b.kept(first)).toBeUndefined();
    expect(b.kept(other)).toEqual(expect.objectContaining({ userId: expect.any(String) }));
    expect(await b.touch(first)).toBeNull();
    expect(await b.touch(second)).toBeNull();
    expect(await b.touch(other)).not.toBeNull();
  });

  it('does not keep a look-up that was on its way when the session ended', async () => {
    const data = hero();
    const id = await a.create(data);
    // A replica's look-up has read the session from Redis; A's logout is announced before its answer is back.
    const redisStore = redisSessionStore(url, prefix);
    let read: () => void = () => {};
    const hasRead = new Promise<void>((resolve) => (read = resolve));
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const held: SessionStore = {
      ...redisStore,
      async touch(sessionId) {
        const found = await redisStore.touch(sessionId);
        if (first) {
          first = false;
          read();
          await released;
        }
        return found;
      },
    };
    const slow = await replicaSessionCache(held, url, prefix, { ttlMs: 60_000 });
    try {
      const lookup = slow.touch(id);
      await hasRead;
      await a.destroy(id);
      release();
      expect(await lookup).toEqual(data);
      expect(await slow.touch(id)).toBeNull();
    } finally {
      await slow.close();
    }
  });
});
