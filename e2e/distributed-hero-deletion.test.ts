import {
  type DistributedLifeQuest,
  HeroClient,
  heroOfEveryFeature,
  newFriend,
  rowsNaming,
  signedInAdmin,
  startDistributed,
  TEST_ADMIN_PASSWORD,
  waitUntilDeleted,
} from '@lifequest/app/testing';
import { describeWithInfra } from '@lifequest/platform/testing';
import type { AdminDeletion, TokenStats } from '@lifequest/proto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { redisKeysNaming } from './support/redis-keys.ts';

// A hero's permanent deletion in the distributed mode: every target its own process on PostgreSQL,
// RabbitMQ and Redis. admin → user.deletion_requested → auth → user.deleted → each holder purges its own
// schema and confirms with user.purged; the gateway ends the hero's sessions in Redis.
await describeWithInfra('postgres', "a hero's deletion across processes", (postgresUrl) => {
  let lq: DistributedLifeQuest;

  beforeAll(async () => {
    lq = await startDistributed(postgresUrl, ['auth', 'quests', 'social', 'ai', 'ai-worker', 'admin'], {
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    });
  }, 120_000);

  afterAll(() => lq?.close());

  it('leaves no row or Redis key naming a hero who used every feature, ends their sessions, keeps the costs, and waits for a service that was down', async () => {
    const friend = await newFriend(lq.gateway.url);
    const { hero, traces } = await heroOfEveryFeature(lq.gateway.url, friend);
    const bearer = new HeroClient(lq.gateway.url, 'bearer');
    bearer.sessionId = hero.sessionId;
    const admin = await signedInAdmin(lq.gateway.url);
    const before = (await admin.get<TokenStats>('/api/admin/token-stats')).body;
    expect(before.total_stats.total_requests).toBeGreaterThan(0);

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

    // ai is down when the deletion is asked: everyone else purges; ai catches up when it is back.
    await lq.stop('ai');
    const asked = await admin.delete<AdminDeletion>(`/api/admin/users/${traces.id}`);
    expect(asked.status).toBe(202);
    await expect
      .poll(
        async () =>
          (await admin.delete<AdminDeletion>(`/api/admin/users/${traces.id}`)).body.pending_services,
        { timeout: 30_000, interval: 250 },
      )
      .toEqual(['ai']);
    const listed = (await admin.get('/api/admin/users')).body.find(
      (row: { id: string }) => row.id === traces.id,
    );
    expect(listed.deletion).toEqual({ requested_at: expect.any(String), pending_services: ['ai'] });
    // Their sessions have already ended, in Redis.
    expect((await hero.get('/api/auth/me')).status).toBe(401);
    await lq.restart('ai');
    await waitUntilDeleted(admin, traces.id);

    for (const client of [hero, bearer]) {
      for (const path of ['/api/auth/me', '/api/goals', '/api/advisor/messages', '/api/narrative/history']) {
        const res = await client.get(path);
        expect(res.status, path).toBe(401);
      }
    }
    const after = (await admin.get<TokenStats>('/api/admin/token-stats')).body;
    expect(after.total_stats).toEqual(before.total_stats);
    // Their former friend no longer lists them, and is still signed in.
    expect((await friend.client.get('/api/friends')).body).toEqual([]);
    expect((await friend.client.get('/api/auth/me')).status).toBe(200);

    const client = new pg.Client({ connectionString: lq.database.url });
    await client.connect();
    try {
      const query = async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows;
      expect(await rowsNaming(query, traces)).toEqual([]);
    } finally {
      await client.end();
    }
    // Nor any Redis key: their sessions, and their place in the rankings' sorted sets.
    expect(await redisKeysNaming(lq.infraPrefix, [traces.id, traces.email])).toEqual([]);
  }, 180_000);
});
