import {
  type DistributedLifeQuest,
  HeroClient,
  startDistributed,
  type TargetProcess,
} from '@lifequest/app/testing';
import { describeWithInfra } from '@lifequest/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';

// The distributed mode (docs/architecture.md#modes) runs each target as its own process on real infrastructure.
await describeWithInfra('postgres', 'gateway and auth as separate processes', (postgresUrl) => {
  let lq: DistributedLifeQuest;
  let gateway: TargetProcess;

  beforeAll(async () => {
    lq = await startDistributed(postgresUrl, ['auth']);
    gateway = lq.gateway;
  }, 60_000);

  afterAll(() => lq?.close());

  it('register → me → logout → login → me, with the cookie and with the bearer id', async () => {
    for (const mode of ['cookie', 'bearer'] as const) {
      const hero = new HeroClient(gateway.url, mode);
      const { user, email, password } = await hero.register('Nadia');
      expect((await hero.get('/api/auth/me')).body).toMatchObject({ id: user.id, email });
      await hero.post('/api/auth/logout');
      expect((await hero.get('/api/auth/me')).status).toBe(401);
      expect((await hero.post('/api/auth/login', { email, password })).status).toBe(200);
      expect((await hero.get('/api/auth/me')).body.id).toBe(user.id);
    }
  });

  it('a logout on one gateway replica ends the session on the others at once, though they keep sessions in memory', async () => {
    const second = await lq.anotherGateway();
    for (const mode of ['cookie', 'bearer'] as const) {
      const onFirst = new HeroClient(gateway.url, mode);
      const { user } = await onFirst.register('Tove');
      const onSecond = new HeroClient(second.url, mode);
      [onSecond.cookie, onSecond.sessionId] = [onFirst.cookie, onFirst.sessionId];
      // The second replica has now looked the session up, and keeps it for a few seconds.
      expect((await onSecond.get('/api/auth/me')).body.id).toBe(user.id);
      expect((await onSecond.get('/api/auth/me')).body.id).toBe(user.id);
      await onFirst.post('/api/auth/logout');
      expect((await onSecond.get('/api/auth/me')).status).toBe(401);
      expect((await onFirst.get('/api/auth/me')).status).toBe(401);
    }
  });

  it('keeps heroes in the auth schema of PostgreSQL', async () => {
    const hero = new HeroClient(gateway.url);
    const { user } = await hero.register('Omar');
    const client = new pg.Client({ connectionString: lq.database.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        'select name, password_hash from auth.users u join auth.credentials c on c.user_id = u.id where u.id = $1',
        [user.id],
      );
      expect(rows[0].name).toBe('Omar');
      expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    } finally {
      await client.end();
    }
  });

  it('gives the same errors as the embedded mode', async () => {
    const hero = new HeroClient(gateway.url);
    const { email } = await hero.register('Pia');
    expect(
      (
        await new HeroClient(gateway.url).post('/api/auth/register', {
          email,
          password: 'password123',
          name: 'x',
        })
      ).status,
    ).toBe(409);
    const bad = await new HeroClient(gateway.url).post('/api/auth/login', { email, password: 'nope-nope' });
    expect(bad.status).toBe(401);
    expect(bad.body.message).toContain('Invalid credentials');
    expect(
      (await fetch(`${gateway.url}/api/auth/me`, { headers: { 'x-lifequest-identity': 'forged' } })).status,
    ).toBe(401);
  });

  it('answers a wrong method 405 with Allow over real sockets: the service for its routes, the gateway for its own', async () => {
    const hero = new HeroClient(gateway.url, 'bearer');
    await hero.register('Sol');
    const onService = await hero.get('/api/auth/complete-onboarding');
    expect([onService.status, onService.headers.get('allow'), onService.body.code]).toEqual([
      405,
      'POST',
      'METHOD_NOT_ALLOWED',
    ]);
    const onGateway = await hero.delete('/api/auth/logout');
    expect([onGateway.status, onGateway.headers.get('allow')]).toEqual([405, 'POST']);
  });

  it('a logged-out cookie does not hide a live bearer id (sessions in Redis)', async () => {
    const withCookie = new HeroClient(gateway.url, 'cookie');
    const { email, password, user } = await withCookie.register('Tam');
    const staleCookie = withCookie.cookie!;
    await withCookie.post('/api/auth/logout');
    const withBearer = new HeroClient(gateway.url, 'bearer');
    await withBearer.post('/api/auth/login', { email, password });
    const me = await fetch(`${gateway.url}/api/auth/me`, {
      headers: { cookie: staleCookie, authorization: `bearer ${withBearer.sessionId}` },
    });
    expect([me.status, ((await me.json()) as { id?: string }).id]).toEqual([200, user.id]);
  });

  it('answers 503 JSON for the routes of a service this gateway was not given', async () => {
    const hero = new HeroClient(gateway.url);
    await hero.register('Rin');
    const res = await hero.get('/api/goals');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      error: 'Service unavailable',
      message: 'The quests service is not running here.',
      code: 'SERVICE_UNAVAILABLE',
    });
    // Still behind the session: without one it is a 401, not a hint about what runs where.
    expect((await new HeroClient(gateway.url).get('/api/goals')).status).toBe(401);
  });

  it('a service refuses a request that did not come through the gateway', async () => {
    const res = await fetch(`${lq.target('auth').url}/api/auth/me`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('answers 503 JSON while auth is down, and recovers when it is back', async () => {
    const hero = new HeroClient(gateway.url);
    await hero.register('Quinn');
    // SIGTERM: the process drains and exits cleanly (graceful shutdown), it is not killed.
    expect(await lq.stop('auth')).toBe(0);
    const me = await hero.get('/api/auth/me');
    expect(me.status).toBe(503);
    expect(me.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const login = await new HeroClient(gateway.url).post('/api/auth/login', {
      email: 'q@example.com',
      password: 'password123',
    });
    expect(login.status).toBe(503);
    expect(login.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

    await lq.restart('auth');
    expect((await hero.get('/api/auth/me')).status).toBe(200);
  }, 60_000);
});
