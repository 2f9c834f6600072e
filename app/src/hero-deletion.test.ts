import { openPglite } from '@lifequest/platform';
import type { TokenStats } from '@lifequest/proto';
import { expect, it } from 'vitest';
import {
  deleteHeroAndWait,
  HeroClient,
  heroOfEveryFeature,
  newFriend,
  rowsNaming,
  signedInAdmin,
  startLifeQuest,
  TEST_ADMIN_PASSWORD,
} from './testing/index.ts';

it('deleting a hero who used every feature leaves nothing that names them, ends their sessions and keeps the costs', async () => {
  const app = await startLifeQuest({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  let closed = false;
  try {
    const friend = await newFriend(app.url);
    const { hero, traces } = await heroOfEveryFeature(app.url, friend);
    const bearer = new HeroClient(app.url, 'bearer');
    bearer.sessionId = hero.sessionId;
    expect((await bearer.get('/api/auth/me')).status).toBe(200);
    const admin = await signedInAdmin(app.url);
    const before = (await admin.get<TokenStats>('/api/admin/token-stats')).body;
    expect(before.total_stats.total_requests).toBeGreaterThan(0);

    const waitedFor = await deleteHeroAndWait(admin, traces.id);
    expect(waitedFor.sort()).toEqual(['ai', 'auth', 'gateway', 'quests', 'social']);

    for (const client of [hero, bearer]) {
      for (const path of ['/api/auth/me', '/api/goals', '/api/advisor/messages']) {
        const res = await client.get(path);
        expect(res.status, path).toBe(401);
        expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED' });
      }
    }
    const login = await new HeroClient(app.url).post('/api/auth/login', {
      email: traces.email,
      password: 'correct horse battery',
    });
    expect(login.status).toBe(401);
    const after = (await admin.get<TokenStats>('/api/admin/token-stats')).body;
    expect(after.total_stats).toEqual(before.total_stats);
    // Their former friend no longer lists them.
    expect((await friend.client.get('/api/friends')).body).toEqual([]);

    await app.close();
    closed = true;
    const db = await openPglite(app.dataDir);
    try {
      expect(await rowsNaming((sql, params) => db.query(sql, params), traces)).toEqual([]);
    } finally {
      await db.close();
    }
  } finally {
    if (!closed) await app.close();
  }
}, 120_000);
