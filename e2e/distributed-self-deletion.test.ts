import {
  type DistributedLifeQuest,
  HeroClient,
  heroOfEveryFeature,
  newFriend,
  rowsNaming,
  signedInAdmin,
  startDistributed,
  TEST_ADMIN_PASSWORD,
} from '@lifequest/app/testing';
import { describeWithInfra } from '@lifequest/platform/testing';
import type { AdminUserRow } from '@lifequest/proto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { redisKeysNaming } from './support/redis-keys.ts';

// A hero deletes their own account (DELETE /api/auth/me, docs/features/data-ownership.md#deletion) in the
// distributed mode: auth deletes them and publishes user.deleted, each holder purges its schema and
// confirms, the gateway ends their sessions in Redis with the answer, and the admin follows to the end.
await describeWithInfra('postgres', "a hero's own deletion across processes", (postgresUrl) => {
  let lq: DistributedLifeQuest;

  beforeAll(async () => {
    lq = await startDistributed(postgresUrl, ['auth', 'quests', 'social', 'ai', 'ai-worker', 'admin'], {
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    });
  }, 120_000);

  afterAll(() => lq?.close());

  it('refuses a wrong password, then leaves no row or Redis key naming a hero who used every feature', async () => {
    const friend = await newFriend(lq.gateway.url);
    const { hero, traces } = await heroOfEveryFeature(lq.gateway.url, friend);
    const bearer = new HeroClient(lq.gateway.url, 'bearer');
    bearer.sessionId = hero.sessionId;

    // The rankings are read from Redis here: the hero is in their sorted sets before the deletion (once
    // social has applied its change log, a few milliseconds after the hero's last write).
    await expect
      .poll(
        async () =>
          (await redisKeysNaming(lq.infraPrefix, [traces.id])).filter((key) =>
            key.includes(':social:rankings:'),
          ).length,
        { timeout: 10_000, interval: 50 },
      )
      .toBeGreaterThan(0);

    const wrong = await hero.request('DELETE', '/api/auth/me', { password: 'not my password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await bearer.get('/api/auth/me')).status).toBe(200);

    const deleted = await hero.request('DELETE', '/api/auth/me', { password: 'correct horse battery' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(202);
    for (const client of [hero, bearer]) {
      for (const path of ['/api/auth/me', '/api/goals', '/api/advisor/messages']) {
        expect((await client.get(path)).status, path).toBe(401);
      }
    }

    const admin = await signedInAdmin(lq.gateway.url);
    await expect
      .poll(
        async () =>
          (await admin.get<AdminUserRow[]>('/api/admin/users')).body.some((r) => r.id === traces.id),
        { timeout: 60_000, interval: 250 },
      )
      .toBe(false);
    expect((await friend.client.get('/api/friends')).body).toEqual([]);

    const client = new pg.Client({ connectionString: lq.database.url });
    await client.connect();
    try {
      const query = async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows;
      expect(await rowsNaming(query, traces)).toEqual([]);
    } finally {
      await client.end();
    }
    expect(await redisKeysNaming(lq.infraPrefix, [traces.id, traces.email])).toEqual([]);
  }, 180_000);
});
