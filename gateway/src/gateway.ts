import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import fastifyCookie from '@fastify/cookie';
import httpProxy from '@fastify/http-proxy';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import {
  AppError,
  accessHook,
  bearerToken,
  type Config,
  createHttpServer,
  type GatewayOptions,
  type HeroIdentity,
  type HttpServer,
  IDENTITY_HEADER,
  migrate,
  registerOpsRoutes,
  replyError,
  replyMethodNotAllowed,
  signIdentity,
  UpstreamError,
} from '@lifequest/platform';
import { LoginBody, RegisterBody, type User } from '@lifequest/proto';
import { webDistDir } from '@lifequest/web/dist-dir';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountThrottle } from './account-throttle.ts';
import { drainBodylessRequests } from './bodyless-requests.ts';
import { noStoreApiAnswers, securityHeaders } from './security-headers.ts';
import { databaseSessionStore } from './sessions/database-store.ts';
import { endSessionsOfDeletedHeroes } from './sessions/deleted-heroes.ts';
import { SESSION_TTL_SECONDS, type SessionData, type SessionStore } from './sessions/store.ts';

export const SESSION_COOKIE = 'lq_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The hero of the request's session, once the gateway authenticated it. */
    signedIn: HeroIdentity | null;
  }
}

/** Headers a client must never be able to set on their way to a service. */
export function isForbiddenClientHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    lower.startsWith('x-lifequest-') ||
    lower.startsWith('x-user-') ||
    lower === 'x-admin' ||
    lower === 'authorization' ||
    lower === 'cookie'
  );
}

/**
 * The only door a browser uses: sessions, identity, routing to the services, and the built web app.
 */
export async function startGateway(
  options: GatewayOptions,
): Promise<{ app: HttpServer; close(): Promise<void> }> {
  const { config, services } = options;
  const sessions = await openSessionStore(options);
  const web = webApp(config);
  const app = await createHttpServer({
    name: 'gateway',
    logger: options.log,
    bodyLimitBytes: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    notFoundHandler: web.notFound,
    // The only public port: metrics only for a scraper holding METRICS_TOKEN (services serve theirs inside).
    metricsToken: config.metricsToken ?? null,
    answerHeaders: await securityHeaders(),
  });
  noStoreApiAnswers(app);
  drainBodylessRequests(app, config.bodyLimitBytes);
  app.decorateRequest('signedIn', null);
  app.addHook('onClose', () => sessions.close());

  await app.register(fastifyCookie, { secret: options.sessionSecret });
  const { bus } = options;
  if (options.deadLetterRoutes) {
    // Embedded mode: the dead-letter CLI reaches the bus through here, with a signed service identity.
    await app.register(async (ops) => {
      ops.addHook('onRequest', accessHook(options.internalSecret));
      registerOpsRoutes(ops as unknown as HttpServer, bus);
    });
  }
  await endSessionsOfDeletedHeroes(bus, sessions);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many attempts. Try again in ${context.after}.`),
    ...(await rateLimitStore(app, config)),
  });

  // One identity per session look-up: while a replica keeps a session in memory, its requests share
  // the identity and, within its lifetime, its signature (`signed` in proxyToServices).
  const identities = new WeakMap<SessionData, HeroIdentity>();
  const authenticate = async (request: FastifyRequest) => {
    const { sessionId, session } = await liveSession(request, sessions);
    let hero = identities.get(session);
    if (hero?.sessionId !== sessionId) {
      hero = {
        kind: 'hero',
        userId: session.userId,
        email: session.email,
        isAdmin: config.adminEmails.includes(session.email.toLowerCase()),
        sessionId,
      };
      identities.set(session, hero);
    }
    request.signedIn = hero;
  };

  const startSession = async (request: FastifyRequest, reply: FastifyReply, user: User) => {
    const sessionId = await sessions.create({ userId: user.id, email: user.email });
    setSessionCookie(request, reply, sessionId);
    return sessionId;
  };

  const authLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const perAccount = accountThrottle(app, config.authAccountRateLimitPerHour);

  app.post(
    '/api/auth/register',
    { config: authLimit, schema: { body: RegisterBody } },
    async (request, reply) => {
      const { user } = await services.call<{ user: User }>(
        'auth',
        'POST',
        '/internal/auth/register',
        request.body,
      );
      const sessionId = await startSession(request, reply, user);
      return reply.code(201).send({ user, sessionId });
    },
  );

  app.post('/api/auth/login', { config: authLimit, schema: { body: LoginBody } }, async (request, reply) => {
    await perAccount.check(request);
    const { user } = await services
      .call<{ user: User }>('auth', 'POST', '/internal/auth/login', request.body)
      .catch(async (error: unknown) => {
        if (error instanceof UpstreamError && error.status === 401) await perAccount.failed(request);
        throw error;
      });
    const sessionId = await startSession(request, reply, user);
    return { user, sessionId };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    // The cookie and the bearer may name two sessions (two tabs, an old stored id): logout ends both.
    for (const sessionId of readSessionIds(request)) await sessions.destroy(sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  });

  // Bodies on their way to a service are read here, held to the body limit and to JSON, then streamed
  // on: an oversize body is a 413 from the gateway (not a reset from the service behind it), and any
  // other content type a 415, whatever parameters its header carries.
  await app.register(async (proxied) => {
    proxied.removeAllContentTypeParsers();
    proxied.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, Readable.from([body as Buffer])),
    );
    await proxyToServices(proxied as unknown as HttpServer, options, authenticate);
  });

  const webRoot = web.root;
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: ['index.html'],
      // The build writes .br and .gz beside each text file (web/build/precompress.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', webCacheControl(webRoot, path)),
    });
  }

  return { app, close: () => app.close() };
}

/** Each service's prefixes, proxied to it with the hero's signed identity once the session checks out. */
async function proxyToServices(
  app: HttpServer,
  options: GatewayOptions,
  authenticate: (request: FastifyRequest) => Promise<void>,
) {
  // A signed identity lives a minute (platform's signIdentity); the requests of one session look-up share
  // one for its first half, so a service never gets one with less than half a minute left.
  const signatures = new WeakMap<HeroIdentity, { token: string; renewAt: number }>();
  const signed = (hero: HeroIdentity) => {
    const now = Date.now();
    const kept = signatures.get(hero);
    if (kept && kept.renewAt > now) return kept.token;
    const token = signIdentity(options.internalSecret, hero, 60, now);
    signatures.set(hero, { token, renewAt: now + 30_000 });
    return token;
  };
  // The gateway's own routes under a service's prefix (login, logout…): asked with another method, the
  // proxy matches, but the path is the gateway's: 405, before any session is asked for. The proxy takes
  // every method at the prefix itself and, under it, through a catch-all (`prefix/*`): any other route
  // the router finds below the prefix is the gateway's own. A wrong method on a service's own path is the
  // service's to answer (only it knows its routes), with a 405 too.
  const ownMethods = (request: FastifyRequest, prefix: string) =>
    request.url.split('?')[0] === prefix ? [] : app.allowedMethods(request.url, { exceptCatchAll: true });
  // Each module declares the /api prefixes it serves (ServiceModule.routePrefixes); the runtime passes them.
  for (const route of options.routes) {
    const upstream = options.services.url(route.service);
    const guard = async (request: FastifyRequest) => {
      // A public prefix's routes need no session; no identity goes with them either.
      if (route.public) return;
      await authenticate(request);
      if (route.admin && !request.signedIn?.isAdmin)
        throw new AppError('FORBIDDEN', 'Only an admin can do this.');
    };
    if (!upstream) {
      const unavailable = async (request: FastifyRequest, reply: FastifyReply) => {
        const own = ownMethods(request, route.prefix);
        if (own.length > 0) return replyMethodNotAllowed(reply, request, own);
        await guard(request);
        return replyError(reply, 'SERVICE_UNAVAILABLE', `The ${route.service} service is not running here.`);
      };
      app.all(route.prefix, unavailable);
      app.all(`${route.prefix}/*`, unavailable);
      continue;
    }
    // Target `all`: the same proxy, its requests handed to the service in this process (no socket).
    const inProcess = options.services.inProcess(route.service);
    await app.register(httpProxy, {
      upstream,
      // reply-from takes any object with undici's request(options, callback); ours answers the same way.
      ...(inProcess ? { undici: inProcess as never } : {}),
      prefix: route.prefix,
      rewritePrefix: route.prefix,
      // The enclosing scope reads and bounds the body (see startGateway).
      proxyPayloads: false,
      // One log line per request (server.ts): reply-from's "fetching" and "response received" lines
      // doubled the gateway's synchronous log writes.
      disableRequestLogging: true,
      preHandler: async (request, reply) => {
        const own = ownMethods(request, route.prefix);
        if (own.length > 0) return replyMethodNotAllowed(reply, request, own);
        await guard(request);
        if (!route.public && request.url === '/api/auth/me')
          setSessionCookie(request, reply, request.signedIn!.sessionId!);
      },
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => {
          const forwarded: Record<string, string | string[] | undefined> = {};
          for (const [name, value] of Object.entries(headers)) {
            // `Expect: 100-continue` is answered here; reply-from refuses to forward it.
            if (!isForbiddenClientHeader(name) && name.toLowerCase() !== 'expect') forwarded[name] = value;
          }
          forwarded['x-request-id'] = String(request.id);
          // Where the client reached LifeQuest (behind a trusted proxy, where it says), for addresses a
          // service hands out (a calendar feed's); never a client's own claim otherwise.
          forwarded['x-forwarded-host'] = (request as FastifyRequest).host;
          forwarded['x-forwarded-proto'] = (request as FastifyRequest).protocol;
          const hero = (request as FastifyRequest).signedIn;
          if (hero) forwarded[IDENTITY_HEADER] = signed(hero);
          return forwarded;
        },
        onError: (reply, { error }) => {
          reply.log.warn({ err: error, service: route.service }, 'upstream failed');
          const timedOut = (error as { code?: string }).code === 'FST_REPLY_FROM_GATEWAY_TIMEOUT';
          void (timedOut
            ? replyError(reply, 'UPSTREAM_TIMEOUT', `The ${route.service} service took too long to answer.`)
            : replyError(
                reply,
                'SERVICE_UNAVAILABLE',
                `The ${route.service} service is unavailable. Try again shortly.`,
              ));
        },
      },
    });
  }
}

/**
 * Where the login limits count (per client and per account). Distributed, in Redis, so every gateway
 * replica counts against the same numbers: an attacker spreading guesses over the replicas behind a load
 * balancer gets no more than from one (@fastify/rate-limit's Redis store: one atomic INCR and PEXPIRE
 * per attempt, in a Lua script). Embedded, one process: its memory.
 */
async function rateLimitStore(app: HttpServer, config: Config) {
  if (!config.redisUrl) return {};
  // Loaded only here: the embedded mode never needs ioredis.
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  redis.on('error', () => {}); // ioredis reconnects by itself; a check meanwhile fails with 503
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, nameSpace: `${config.infraPrefix}:rate-limit:` };
}

async function openSessionStore(options: GatewayOptions): Promise<SessionStore> {
  const { redisUrl, infraPrefix } = options.config;
  if (redisUrl) {
    // Loaded only here: the embedded mode never needs ioredis.
    const { redisSessionStore } = await import('./sessions/redis-store.ts');
    const { replicaSessionCache } = await import('./sessions/replica-cache.ts');
    const prefix = `${infraPrefix}:`;
    return replicaSessionCache(redisSessionStore(redisUrl, prefix), redisUrl, prefix);
  }
  if (!options.db) throw new Error('Sessions need REDIS_URL or the embedded database');
  await migrate(options.db, 'gateway', new URL('../migrations/', import.meta.url), { eventTables: false });
  return databaseSessionStore(options.db);
}

/**
 * The live session the request is made in. A request may carry two ids, the signed cookie's and the
 * bearer's (spec 4: both are sent): it is the hero's when either is a live session, so an ended session
 * left in one (an old cookie after a logout elsewhere) does not hide a live one in the other. Live
 * sessions of two different heroes are refused rather than one of them picked.
 */
async function liveSession(
  request: FastifyRequest,
  sessions: SessionStore,
): Promise<{ sessionId: string; session: SessionData }> {
  const ids = readSessionIds(request);
  const found = await Promise.all(ids.map((sessionId) => sessions.touch(sessionId)));
  let live: { sessionId: string; session: SessionData } | undefined;
  for (const [i, session] of found.entries()) {
    if (!session) continue;
    if (live && live.session.userId !== session.userId) {
      throw new AppError(
        'UNAUTHENTICATED',
        'The cookie and the bearer id are sessions of two different heroes. Sign in again.',
      );
    }
    live ??= { sessionId: ids[i]!, session };
  }
  if (!live) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  return live;
}

/** Every distinct session id the request carries: the signed cookie's first, then the bearer's. */
function readSessionIds(request: FastifyRequest): string[] {
  const ids = new Set<string>();
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie) {
    const unsigned = request.unsignCookie(cookie);
    if (unsigned.valid && unsigned.value) ids.add(unsigned.value);
  }
  const token = bearerToken(request.headers.authorization);
  if (token && token !== 'null' && token !== 'undefined') ids.add(token);
  return [...ids];
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string) {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    signed: true,
    maxAge: SESSION_TTL_SECONDS,
  });
}

/**
 * Vite names every file under assets/ after a hash of its content, so a browser may keep it for a year
 * without asking again; anything else (index.html, which names the current assets, and public/ files)
 * is asked again each time, answered 304 when unchanged.
 */
export function webCacheControl(root: string, filePath: string): string {
  const [top, ...rest] = relative(root, filePath).split(sep);
  return top === 'assets' && rest.length > 0 ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The built web app and its SPA fallback: a page URL gets the app, an unknown /api URL gets JSON. */
function webApp(config: Config) {
  const root = config.webDistDir ?? webDistDir;
  const hasApp = existsSync(`${root}/index.html`);
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api');
    if (wantsPage && hasApp) return reply.type('text/html').sendFile('index.html');
    if (wantsPage) {
      return reply
        .code(503)
        .type('text/html')
        .send('<h1>LifeQuest</h1><p>The web app is not built yet. Run <code>npm start</code>.</p>');
    }
    return replyError(reply, 'ROUTE_NOT_FOUND', `No route for ${request.method} ${path}.`);
  };
  return { root: hasApp ? root : undefined, notFound };
}
