import { describeWithInfra, isolatedInfraPrefix } from '@lifequest/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeroClient, startLifeQuest, type TestLifeQuest } from './testing/index.ts';

// A request may carry two session ids, the signed cookie and `Authorization: Bearer` (the web
// sends both: docs/architecture.md#sessions). It is the hero's when any of them is a live session of that hero; ids of two different
// heroes are refused rather than one picked. The same with sessions in the embedded database and in Redis
// (behind each gateway replica's copy in memory).

function sessionIdRules(start: () => Promise<TestLifeQuest>) {
  let app: TestLifeQuest;
  beforeAll(async () => {
    app = await start();
  }, 60_000);
  afterAll(() => app?.close());

  /** A signed-in hero: its cookie and its bearer id are two sessions. */
  async function hero(name: string) {
    const withCookie = new HeroClient(app.url, 'cookie');
    const { user, email, password } = await withCookie.register(name);
    const withBearer = new HeroClient(app.url, 'bearer');
    await withBearer.post('/api/auth/login', { email, password });
    return { id: user.id as string, cookie: withCookie.cookie!, bearer: withBearer.sessionId!, withCookie };
  }

  const call = async (path: string, headers: Record<string, string>) => {
    const res = await fetch(new URL(path, app.url), { headers });
    return { status: res.status, body: (await res.json()) as { id?: string; code?: string } };
  };

  it('a logged-out cookie does not hide a live bearer id', async () => {
    const aria = await hero('Aria');
    const staleCookie = aria.cookie;
    expect((await aria.withCookie.post('/api/auth/logout')).status).toBe(200);
    const headers = { cookie: staleCookie, authorization: `Bearer ${aria.bearer}` };
    expect(await call('/api/auth/me', headers)).toMatchObject({ status: 200, body: { id: aria.id } });
    expect((await call('/api/goals', headers)).status).toBe(200);
  });

  it('a logged-out bearer id does not hide a live cookie', async () => {
    const bram = await hero('Bram');
    const out = await fetch(new URL('/api/auth/logout', app.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${bram.bearer}` },
    });
    expect(out.status).toBe(200);
    const headers = { cookie: bram.cookie, authorization: `Bearer ${bram.bearer}` };
    expect(await call('/api/auth/me', headers)).toMatchObject({ status: 200, body: { id: bram.id } });
  });

  it("two live sessions of one hero: the request is that hero's", async () => {
    const cato = await hero('Cato');
    const headers = { cookie: cato.cookie, authorization: `Bearer ${cato.bearer}` };
    expect(await call('/api/auth/me', headers)).toMatchObject({ status: 200, body: { id: cato.id } });
  });

  it('live sessions of two heroes in one request are refused, not one of them picked', async () => {
    const [dana, emil] = [await hero('Dana'), await hero('Emil')];
    const headers = { cookie: dana.cookie, authorization: `Bearer ${emil.bearer}` };
    expect(await call('/api/auth/me', headers)).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
    expect((await call('/api/goals', headers)).status).toBe(401);
  });

  it('reads the auth scheme case-insensitively (RFC 7235), and no other scheme', async () => {
    const finn = await hero('Finn');
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const answer = await call('/api/auth/me', { authorization: `${scheme} ${finn.bearer}` });
      expect(answer, scheme).toMatchObject({ status: 200, body: { id: finn.id } });
    }
    expect((await call('/api/auth/me', { authorization: `Basic ${finn.bearer}` })).status).toBe(401);
    expect((await call('/api/auth/me', { authorization: `Bearer${finn.bearer}` })).status).toBe(401);
  });

  it('logout still ends every session the request carries, a live bearer behind a stale cookie too', async () => {
    const gwen = await hero('Gwen');
    const staleCookie = gwen.cookie;
    await gwen.withCookie.post('/api/auth/logout');
    const out = await fetch(new URL('/api/auth/logout', app.url), {
      method: 'POST',
      headers: { cookie: staleCookie, authorization: `bearer ${gwen.bearer}` },
    });
    expect(out.status).toBe(200);
    expect((await call('/api/auth/me', { authorization: `Bearer ${gwen.bearer}` })).status).toBe(401);
  });
}

describe('session ids, sessions in the embedded database', () => {
  sessionIdRules(() => startLifeQuest({}));
});

await describeWithInfra('redis', 'session ids, sessions in Redis', (redisUrl) => {
  const infra = isolatedInfraPrefix({ redisUrl });
  afterAll(() => infra.dispose());
  sessionIdRules(() => startLifeQuest({ REDIS_URL: redisUrl, INFRA_PREFIX: infra.prefix }));
});
