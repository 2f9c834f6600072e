import { openPglite } from '@lifequest/platform';
import type { AdminUserRow } from '@lifequest/proto';
import { expect, it } from 'vitest';
import {
  HeroClient,
  heroOfEveryFeature,
  newFriend,
  rowsNaming,
  signedInAdmin,
  startLifeQuest,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
} from './testing/index.ts';

// DELETE /api/auth/me (docs/features/data-ownership.md#deletion): the hero's own deletion runs the admin's
// (every holder purges and confirms), ends every session at once, and asks for the password.
it('a hero who used every feature deletes their own account: wrong password refused, then nothing names them', async () => {
  const app = await startLifeQuest({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  let closed = false;
  try {
    const friend = await newFriend(app.url);
    const { hero, traces } = await heroOfEveryFeature(app.url, friend);
    const bearer = new HeroClient(app.url, 'bearer');
    bearer.sessionId = hero.sessionId;

    const wrong = await hero.request('DELETE', '/api/auth/me', { password: 'not my password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const missing = await hero.request('DELETE', '/api/auth/me', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await bearer.get('/api/auth/me')).status).toBe(200);

    const deleted = await hero.request('DELETE', '/api/auth/me', { password: 'correct horse battery' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(202);
    expect(deleted.body).toEqual({ status: 'deleting' });
    // Every session ended with the answer: the cookie's and the bearer's alike.
    for (const client of [hero, bearer]) {
      for (const path of ['/api/auth/me', '/api/goals']) {
        const res = await client.get(path);
        expect(res.status, path).toBe(401);
      }
    }
    const login = await new HeroClient(app.url).post('/api/auth/login', {
      email: traces.email,
      password: 'correct horse battery',
    });
    expect(login.status).toBe(401);

    // The admin lists the hero until every holder confirmed its purge, then forgets them.
    const admin = await signedInAdmin(app.url);
    await expect
      .poll(
        async () =>
          (await admin.get<AdminUserRow[]>('/api/admin/users')).body.some((r) => r.id === traces.id),
        {
          timeout: 30_000,
          interval: 200,
        },
      )
      .toBe(false);
    expect((await friend.client.get('/api/friends')).body).toEqual([]);

    // An admin account (ADMIN_EMAILS) cannot delete itself: it would come back at the next boot.
    const refused = await admin.request('DELETE', '/api/auth/me', { password: TEST_ADMIN_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'SELF_DELETE_ADMIN' });
    expect((await admin.get('/api/auth/me')).body).toMatchObject({ email: TEST_ADMIN_EMAIL });

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
