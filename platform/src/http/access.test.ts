import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { IDENTITY_HEADER, type Identity, signIdentity } from './identity.ts';
import { createHttpServer, type HttpServer } from './server.ts';

const secret = randomBytes(32).toString('hex');
const service = () =>
  createHttpServer({
    name: 'test',
    logger: createLogger('silent'),
    bodyLimitBytes: 1_000,
    internalSecret: secret,
  });

describe('a route that declares no access', () => {
  it('stops the service from booting, naming the route', async () => {
    const app = await service();
    // Thrown while the module registers it, so the module's setup (and with it the boot) fails.
    expect(() => app.get('/api/forgotten', async () => ({ secret: 'everyone sees this' }))).toThrow(
      /GET \/api\/forgotten declares no access/,
    );
    await app.close();
  });

  it('stops it also for an unknown access level', async () => {
    const app = await service();
    expect(() =>
      app.get('/internal/misspelt', { config: { access: 'servce' as never } }, async () => ({})),
    ).toThrow(/declares no access/);
    await app.close();
  });
});

describe('declared access, enforced before the handler', () => {
  let app: HttpServer;
  const ran: string[] = [];
  beforeAll(async () => {
    app = await service();
    for (const access of ['public', 'hero', 'admin', 'service'] as const) {
      app.get(`/api/${access}`, { config: { access } }, async (request) => {
        ran.push(access);
        return { hero: access === 'hero' || access === 'admin' ? request.hero.userId : null };
      });
    }
    app.get('/api/feed/:file', { config: { access: 'public' } }, async () => ({ feed: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  const call = (path: string, identity?: Identity) =>
    app.inject({
      method: 'GET',
      url: path,
      headers: identity ? { [IDENTITY_HEADER]: signIdentity(secret, identity) } : {},
    });
  const hero: Identity = { kind: 'hero', userId: 'h1', email: 'h@example.com', isAdmin: false };
  const admin: Identity = { ...hero, userId: 'a1', isAdmin: true };
  const quests: Identity = { kind: 'service', service: 'quests' };

  it('lets anyone call a public route', async () => {
    expect((await call('/api/public')).statusCode).toBe(200);
  });

  it('gives a hero route the verified hero, and refuses callers without one', async () => {
    expect((await call('/api/hero', hero)).json()).toEqual({ hero: 'h1' });
    expect((await call('/api/hero')).json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await call('/api/hero', quests)).statusCode).toBe(401);
    // A signature made with another secret is no identity at all.
    const forged = await app.inject({
      method: 'GET',
      url: '/api/hero',
      headers: { [IDENTITY_HEADER]: signIdentity('x'.repeat(64), hero) },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('lets only an admin hero through an admin route', async () => {
    expect((await call('/api/admin', admin)).json()).toEqual({ hero: 'a1' });
    expect((await call('/api/admin', hero)).json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await call('/api/admin', hero)).statusCode).toBe(403);
    expect((await call('/api/admin')).statusCode).toBe(401);
  });

  it('lets only another service through a service route', async () => {
    expect((await call('/api/service', quests)).statusCode).toBe(200);
    expect((await call('/api/service', admin)).json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await call('/api/service')).statusCode).toBe(401);
  });

  const put = (url: string, identity?: Identity) =>
    app.inject({
      method: 'PUT',
      url,
      headers: identity ? { [IDENTITY_HEADER]: signIdentity(secret, identity) } : {},
    });

  it('answers a wrong method on a known path 405 to a caller with an identity, as an unknown path 401 without', async () => {
    const refused = await put('/api/hero', hero);
    expect([refused.statusCode, refused.headers.allow, refused.json().code]).toEqual([
      405,
      'GET, HEAD',
      'METHOD_NOT_ALLOWED',
    ]);
    expect((await put('/api/hero')).statusCode).toBe(401);
    expect((await put('/api/nowhere')).statusCode).toBe(401);
  });

  it('answers a wrong method on a public route’s path 405 to anyone: that path is no secret', async () => {
    for (const url of ['/api/public', '/api/feed/lqs_abc.ics?x=1']) {
      const refused = await put(url);
      expect([refused.statusCode, refused.headers.allow, refused.json().code]).toEqual([
        405,
        'GET, HEAD',
        'METHOD_NOT_ALLOWED',
      ]);
    }
    // Below it, a path no public route serves is still no one's business without an identity.
    expect((await put('/api/feed/a/b')).statusCode).toBe(401);
    expect((await put('/api/publicity')).statusCode).toBe(401);
  });

  it('never runs the handler of a refused call', async () => {
    ran.length = 0;
    await call('/api/admin', hero);
    await call('/api/service', hero);
    await call('/api/hero');
    expect(ran).toEqual([]);
  });
});
