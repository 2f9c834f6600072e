import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AppError,
  createHttpServer,
  createLogger,
  type HttpServer,
  InProcessEventBus,
  loadConfig,
  openPglite,
  ServiceDirectory,
} from '@lifequest/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from './gateway.ts';
import { hotPath } from './hot-path.ts';
import { ownMethodsKept } from './proxy.ts';
import { databaseSessionStore } from './sessions/database-store.ts';

const INTERNAL_SECRET = 'hot-path-test-internal-secret-0123456789';
const BIG = 'x'.repeat(2 * 1024 * 1024);

/** A service behind the gateway: what it answers and what it was sent, for the two paths to be compared. */
async function startService(): Promise<{ app: HttpServer; url: string; busy: { left: number } }> {
  const app = await createHttpServer({
    name: 'things',
    logger: createLogger('silent'),
    bodyLimitBytes: 10_000,
    internalSecret: INTERNAL_SECRET,
  });
  const busy = { left: 0 };
  const hero = { config: { access: 'hero' as const } };
  app.get('/api/things', hero, async (request) => ({ hero: request.hero.userId, query: request.query }));
  app.get('/api/things/echo', hero, async (request, reply) => {
    reply
      .header('x-thing', 'kept')
      .header('cache-control', 'max-age=60')
      .header('set-cookie', ['a=1', 'b=2']);
    const { 'x-lifequest-identity': identity, ...received } = request.headers;
    return { received, signed: typeof identity === 'string' };
  });
  // Headers the gateway sets too: the answer carries each once, the gateway's own or the service's as before.
  app.get('/api/things/overlap', hero, async (request, reply) => {
    reply
      .header('x-frame-options', 'SAMEORIGIN')
      .header('x-request-id', String(request.headers['x-request-id']))
      .header('cache-control', 'public, max-age=60');
    return { host: request.headers.host, forwardedHost: request.headers['x-forwarded-host'] };
  });
  // The auth service's own read of the hero, whose answer refreshes the session cookie at the gateway.
  app.get('/api/auth/me', hero, async (request, reply) => {
    if (request.query && (request.query as { cookie?: string }).cookie)
      reply.header('set-cookie', 'theirs=1');
    return { hero: request.hero.userId };
  });
  app.get('/api/things/missing', hero, async () => {
    throw new AppError('NOT_FOUND', 'No such thing.');
  });
  app.get('/api/things/big', hero, async () => ({ big: BIG }));
  app.get('/api/things/busy', hero, async (_request, reply) => {
    if (busy.left-- > 0) return reply.code(503).header('retry-after', '1').send({ busy: true });
    return { busy: false };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, busy };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** What may differ between two answers to the same request: the moment and the request's own id. */
function comparable(answer: Answer) {
  const { date: _date, 'x-request-id': _id, connection: _c, 'keep-alive': _k, ...headers } = answer.headers;
  // inject gives one Set-Cookie as a string, Node's client always a list.
  const cookies = headers['set-cookie'];
  if (typeof cookies === 'string') headers['set-cookie'] = [cookies];
  return { status: answer.status, headers, body: answer.body.replaceAll(/"x-request-id":"[^"]+"/g, '') };
}

describe('the hot path, beside the proxy it skips', () => {
  let service: Awaited<ReturnType<typeof startService>>;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let db: Awaited<ReturnType<typeof openPglite>>;
  let bus: InProcessEventBus;
  let base: string;
  let headers: Record<string, string>;
  let sessionId: string;

  beforeAll(async () => {
    service = await startService();
    db = await openPglite(undefined);
    bus = new InProcessEventBus({ retry: { attempts: 1 } });
    gateway = await startGateway({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      log: createLogger('silent'),
      db,
      services: new ServiceDirectory(INTERNAL_SECRET, 'gateway', { things: service.url }),
      routes: [
        { prefix: '/api/things', service: 'things', admin: false },
        { prefix: '/api/auth/me', service: 'things', admin: false },
      ],
      sessionSecret: 'hot-path-test-session-secret-0123456789',
      internalSecret: INTERNAL_SECRET,
      bus,
      deadLetterRoutes: false,
    });
    await gateway.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(gateway.app.server.address() as AddressInfo).port}`;
    sessionId = await databaseSessionStore(db).create({
      userId: crypto.randomUUID(),
      email: 'h@example.com',
    });
    headers = {
      host: 'lifequest.test',
      authorization: `Bearer ${sessionId}`,
      'x-custom': 'on its way',
      'user-agent': 'lightMyRequest',
    };
  });
  afterAll(async () => {
    await gateway?.close();
    await service?.app.close();
    await bus?.close();
    await db?.close();
  });

  /** The same request through the hot path (the socket) and through Fastify (inject skips the socket's listener). */
  const both = async (path: string, extra: Record<string, string> = {}) => {
    const before = gateway.hotPath.served();
    const hot = await get(`${base}${path}`, { ...headers, ...extra });
    const took = gateway.hotPath.served() - before;
    const routed = await gateway.app.inject({ url: path, headers: { ...headers, ...extra } });
    const fastify = {
      status: routed.statusCode,
      headers: routed.headers as IncomingHttpHeaders,
      body: routed.body,
    };
    return { hot, fastify, took };
  };

  it('answers a read as the proxy does: status, every header, the body, and what the service was sent', async () => {
    for (const path of ['/api/things?page=2&sort=new', '/api/things/echo', '/api/things/missing']) {
      const { hot, fastify, took } = await both(path);
      expect(took, path).toBe(1);
      expect(comparable(hot), path).toEqual(comparable(fastify));
    }
    const { hot } = await both('/api/things/echo');
    expect(hot.headers['cache-control']).toBe('no-store');
    expect(hot.headers['content-security-policy']).toBeDefined();
    expect(hot.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    const { received, signed } = JSON.parse(hot.body);
    expect(signed).toBe(true);
    expect(received).toMatchObject({ 'x-custom': 'on its way', 'x-forwarded-host': 'lifequest.test' });
    expect(received.authorization).toBeUndefined();
  });

  it("names each header once where the service's and the gateway's meet, in the answer and the request", async () => {
    const { hot, fastify, took } = await both('/api/things/overlap', {
      'x-forwarded-host': 'elsewhere.test',
      'x-request-id': 'chosen-by-the-client',
    });
    expect(took).toBe(1);
    expect(comparable(hot)).toEqual(comparable(fastify));
    expect(hot.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(hot.headers['cache-control']).toBe('no-store');
    expect(hot.headers['x-request-id']).toBe('chosen-by-the-client');
    expect(JSON.parse(hot.body)).toEqual({
      host: new URL(service.url).host,
      forwardedHost: 'lifequest.test',
    });
  });

  it('refreshes the session cookie on /api/auth/me as the proxy does, after any cookie of the service', async () => {
    const { hot, fastify, took } = await both('/api/auth/me');
    expect(took).toBe(1);
    expect(comparable(hot)).toEqual(comparable(fastify));
    expect(hot.headers['set-cookie']).toEqual([
      expect.stringMatching(/^lq_session=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/),
    ]);
    // Signed in by the cookie alone, behind a proxy that says https (TRUST_PROXY unset: not believed).
    const cookie = { authorization: '', cookie: `lq_session=${gateway.app.signCookie(sessionId)}` };
    const byCookie = await both('/api/auth/me', { ...cookie, 'x-forwarded-proto': 'https' });
    expect(byCookie.took).toBe(1);
    expect(comparable(byCookie.hot)).toEqual(comparable(byCookie.fastify));
    // A query is not the refreshing path (the proxy compares the whole URL): no cookie, on either path.
    const withQuery = await both('/api/auth/me?cookie=1');
    expect(withQuery.took).toBe(1);
    expect(comparable(withQuery.hot)).toEqual(comparable(withQuery.fastify));
    expect(withQuery.hot.headers['set-cookie']).toEqual(['theirs=1']);
  });

  it('streams an answer too large to hold, unchanged', async () => {
    const { hot, fastify, took } = await both('/api/things/big');
    expect(took).toBe(1);
    expect(hot.body.length).toBeGreaterThan(BIG.length);
    expect(comparable(hot)).toEqual(comparable(fastify));
  });

  it('asks again when the service answers 503, as reply-from did', async () => {
    service.busy.left = 2;
    const hot = await get(`${base}/api/things/busy`, headers);
    expect(hot.status).toBe(200);
    expect(service.busy.left).toBe(-1);
  });

  it('leaves to Fastify what it does not answer itself, which answers it as before', async () => {
    const cases: [string, Record<string, string>][] = [
      ['/api/things', { authorization: 'Bearer not-a-session' }],
      ['/api/things/%65cho', {}],
      ['/api/things/../auth', {}],
      ['/api/things?name=%00', {}],
    ];
    for (const [path, extra] of cases) {
      const { hot, fastify, took } = await both(path, extra);
      expect(took, path).toBe(0);
      expect(comparable(hot), path).toEqual(comparable(fastify));
    }
    expect((await both('/api/things', { authorization: 'Bearer not-a-session' })).hot.status).toBe(401);
  });

  it("answers the service's absence as the proxy does (503, the error table's body)", async () => {
    const down = await startService();
    await down.app.close();
    const lost = await startGateway({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      log: createLogger('silent'),
      db,
      services: new ServiceDirectory(INTERNAL_SECRET, 'gateway', { things: down.url }),
      routes: [{ prefix: '/api/things', service: 'things', admin: false }],
      sessionSecret: 'hot-path-test-session-secret-0123456789',
      internalSecret: INTERNAL_SECRET,
      bus: new InProcessEventBus({ retry: { attempts: 1 } }),
      deadLetterRoutes: false,
    });
    try {
      await lost.app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(lost.app.server.address() as AddressInfo).port}/api/things`;
      const hot = await get(url, headers);
      const fastify = await lost.app.inject({ url: '/api/things', headers });
      expect(lost.hotPath.served()).toBe(1);
      expect(hot.status).toBe(503);
      expect(JSON.parse(hot.body)).toEqual({
        error: 'Service unavailable',
        message: 'The things service is unavailable. Try again shortly.',
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(comparable(hot)).toEqual(
        comparable({
          status: fastify.statusCode,
          headers: fastify.headers as IncomingHttpHeaders,
          body: fastify.body,
        }),
      );
    } finally {
      await lost.close();
    }
  });
});

describe('a service that does not answer in time', () => {
  it('is a 504 UPSTREAM_TIMEOUT with the gateway headers, as reply-from answered a headers timeout', async () => {
    const silent: Server = createServer(() => {});
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const upstream = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const hot = hotPath(
      {
        routes: [{ prefix: '/api/things', service: 'things', admin: false }],
        upstream: () => upstream,
        identify: async () => ({ kind: 'hero', userId: 'h', email: 'h@example.com', isAdmin: false }),
        sign: () => 'signed',
        ownMethods: () => [],
        answerHeaders: { 'x-content-type-options': 'nosniff' },
        trustProxy: false,
        parseCookie: () => ({}),
        unsignCookie: () => ({ valid: false, value: null }),
        log: createLogger('silent'),
        headersTimeoutMs: 100,
      },
      (_request, response) => response.writeHead(418).end(),
    );
    const front = createServer((request, response) => {
      if (!hot.take(request, response)) response.writeHead(418).end();
    });
    front.listen(0, '127.0.0.1');
    await once(front, 'listening');
    try {
      const answer = await get(`http://127.0.0.1:${(front.address() as AddressInfo).port}/api/things`, {});
      expect(answer.status).toBe(504);
      expect(JSON.parse(answer.body)).toEqual({
        error: 'A service took too long',
        message: 'The things service took too long to answer.',
        code: 'UPSTREAM_TIMEOUT',
      });
      expect(answer.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
        'content-type': 'application/json; charset=utf-8',
      });
    } finally {
      await hot.close();
      front.close();
      silent.closeAllConnections();
      silent.close();
    }
  });
});

describe("the gateway's own methods, kept per path", () => {
  it('keeps the paths of service prefixes, never those of a public prefix (a calendar feed address is its secret)', async () => {
    const app = await createHttpServer({
      name: 'gateway',
      logger: createLogger('silent'),
      bodyLimitBytes: 1_000,
    });
    app.post('/api/auth/login', { config: { access: 'public' } }, async () => ({}));
    await app.ready();
    const own = ownMethodsKept(app, [
      { prefix: '/api/auth', service: 'auth', admin: false },
      { prefix: '/api/calendar/feed', service: 'quests', admin: false, public: true },
    ]);
    expect(own('/api/auth/login', '/api/auth')).toEqual(['POST']);
    expect(own('/api/auth/me', '/api/auth')).toEqual([]);
    expect(own('/api/calendar/feed/lqs_secret.ics', '/api/calendar/feed')).toEqual([]);
    expect(own.keptPaths()).toEqual(['/api/auth/login', '/api/auth/me']);
    await app.close();
  });
});
