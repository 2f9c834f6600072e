import { AppError, createHttpServer, createLogger } from '@lifequest/platform';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireDeclaredAccess, sessionAccess } from './access.ts';

const gatewayServer = async () => {
  const app = await createHttpServer({
    name: 'gateway',
    logger: createLogger('silent'),
    bodyLimitBytes: 1_000,
  });
  requireDeclaredAccess(app);
  app.decorateRequest('signedIn', null);
  return app;
};

describe('a gateway route that declares no access', () => {
  it('stops the gateway from booting, naming the route', async () => {
    const app = await gatewayServer();
    app.get('/api/declared', { config: { access: 'public' } }, async () => ({}));
    app.get('/api/forgotten', async () => ({ secret: 'everyone sees this' }));
    await expect(app.ready()).rejects.toThrow(
      /^GET \/api\/forgotten; HEAD \/api\/forgotten: declares no access/,
    );
    await app.close().catch(() => {});
  });

  it('boots when every route declares one', async () => {
    const app = await gatewayServer();
    app.get('/api/declared', { config: { access: 'public' } }, async () => ({}));
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});

describe('declared access, enforced by session', () => {
  /** A server whose routes each declare one access level; `hero` is the session's hero, if any. */
  const serve = async (hero: { isAdmin: boolean } | null) => {
    const app = await gatewayServer();
    const ran: string[] = [];
    const authenticate = async (request: FastifyRequest) => {
      if (!hero) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
      request.signedIn = { kind: 'hero', userId: 'h1', email: 'h@example.com', isAdmin: hero.isAdmin };
    };
    app.addHook('preHandler', sessionAccess(authenticate));
    for (const access of ['public', 'hero', 'admin', 'service'] as const) {
      app.get(`/api/${access}`, { config: { access } }, async () => {
        ran.push(access);
        return {};
      });
    }
    await app.ready();
    const status = async (access: string) => (await app.inject({ url: `/api/${access}` })).statusCode;
    return { app, ran, status };
  };

  it('lets anyone call a public route, a signed-in hero a hero route, only an admin an admin route', async () => {
    const cases: [{ isAdmin: boolean } | null, number[]][] = [
      [null, [200, 401, 401, 403]],
      [{ isAdmin: false }, [200, 200, 403, 403]],
      [{ isAdmin: true }, [200, 200, 200, 403]],
    ];
    for (const [hero, expected] of cases) {
      const { app, ran, status } = await serve(hero);
      const got = [];
      for (const access of ['public', 'hero', 'admin', 'service']) got.push(await status(access));
      expect(got).toEqual(expected);
      // A refused call never reaches its handler; a session never reaches a service route.
      expect(ran).toEqual(['public', 'hero', 'admin'].filter((_, i) => expected[i] === 200));
      await app.close();
    }
  });
});
