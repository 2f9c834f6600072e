import rateLimit from '@fastify/rate-limit';
import {
  AppError,
  type Config,
  type HttpServer,
  type ServiceDirectory,
  UpstreamError,
} from '@lifequest/platform';
import { LoginBody, RegisterBody, type User } from '@lifequest/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AccountThrottle, accountThrottle } from './account-throttle.ts';
import { readSessionIds, SESSION_COOKIE, setSessionCookie } from './sessions/request-session.ts';
import type { SessionStore } from './sessions/store.ts';

export interface AuthRoutesOptions {
  config: Config;
  services: ServiceDirectory;
  sessions: SessionStore;
}

/**
 * The gateway's own routes: register and login (auth checks the hero, the gateway starts the session
 * and sets its cookie) and logout. All `public`, and held to the login limits: per client, and per
 * account for failed logins.
 */
export async function authRoutes(
  app: HttpServer,
  { config, services, sessions }: AuthRoutesOptions,
): Promise<AccountThrottle> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many attempts. Try again in ${context.after}.`),
    ...(await rateLimitStore(app, config)),
  });

  const startSession = async (request: FastifyRequest, reply: FastifyReply, user: User) => {
    const sessionId = await sessions.create({ userId: user.id, email: user.email });
    setSessionCookie(request, reply, sessionId);
    return sessionId;
  };

  const limited = {
    access: 'public' as const,
    rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' },
  };
  const perAccount = accountThrottle(app, config.authAccountRateLimitPerHour);

  app.post(
    '/api/auth/register',
    { config: limited, schema: { body: RegisterBody } },
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

  app.post('/api/auth/login', { config: limited, schema: { body: LoginBody } }, async (request, reply) => {
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

  app.post('/api/auth/logout', { config: { access: 'public' } }, async (request, reply) => {
    // The cookie and the bearer may name two sessions (two tabs, an old stored id): logout ends both.
    for (const sessionId of readSessionIds(request)) await sessions.destroy(sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  });
  return perAccount;
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
