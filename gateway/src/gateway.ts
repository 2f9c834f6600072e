import fastifyCookie from '@fastify/cookie';
import {
  accessHook,
  createHttpServer,
  type GatewayOptions,
  type HttpServer,
  migrate,
  registerOpsRoutes,
} from '@lifequest/platform';
import { requireDeclaredAccess, sessionAccess } from './access.ts';
import { countDeletionGuesses, endSessionsOnAccountDeletion } from './account-deletion.ts';
import { type AccountThrottle, isAccountDeletion } from './account-throttle.ts';
import { authRoutes } from './auth-routes.ts';
import { drainBodylessRequests } from './bodyless-requests.ts';
import { proxyToServices } from './proxy.ts';
import { noStoreApiAnswers, securityHeaders } from './security-headers.ts';
import { databaseSessionStore } from './sessions/database-store.ts';
import { endSessionsOfDeletedHeroes } from './sessions/deleted-heroes.ts';
import { sessionAuthenticator } from './sessions/request-session.ts';
import type { SessionStore } from './sessions/store.ts';
import { webApp } from './web-app.ts';

/**
 * The only door a browser uses: sessions (sessions/), its own login, register and logout
 * (auth-routes.ts), the services behind their prefixes (proxy.ts) and the built web app (web-app.ts).
 * Every route declares its access and the gateway enforces it by session (access.ts).
 */
export async function startGateway(
  options: GatewayOptions,
): Promise<{ app: HttpServer; close(): Promise<void>; hotPath: { served(): number } }> {
  const { config, services, bus } = options;
  const sessions = await openSessionStore(options);
  const web = webApp(config);
  const answerHeaders = await securityHeaders();
  const app = await createHttpServer({
    name: 'gateway',
    logger: options.log,
    bodyLimitBytes: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    notFoundHandler: web.notFound,
    // The only public port: metrics only for a scraper holding METRICS_TOKEN (services serve theirs inside).
    metricsToken: config.metricsToken ?? null,
    answerHeaders,
  });
  requireDeclaredAccess(app);
  noStoreApiAnswers(app);
  drainBodylessRequests(app, config.bodyLimitBytes);
  app.decorateRequest('signedIn', null);
  app.addHook('onClose', () => sessions.close());

  await app.register(fastifyCookie, { secret: options.sessionSecret });
  if (options.deadLetterRoutes) {
    // Embedded mode: the dead-letter CLI reaches the bus through here, with a signed service identity.
    await app.register(async (ops) => {
      ops.addHook('onRequest', accessHook(options.internalSecret));
      registerOpsRoutes(ops as unknown as HttpServer, bus, options.db);
    });
  }
  await endSessionsOfDeletedHeroes(bus, sessions);
  endSessionsOnAccountDeletion(app, sessions);

  const authenticate = sessionAuthenticator(sessions, config.adminEmails);
  const guard = sessionAccess(authenticate);
  let perAccount: AccountThrottle | undefined;
  await app.register(async (own) => {
    own.addHook('preHandler', guard);
    perAccount = await authRoutes(own as unknown as HttpServer, { config, services, sessions });
  });
  // Deleting one's account takes the password: its guesses are held to the account's login limit.
  countDeletionGuesses(app, () => perAccount);
  const hotPath = await proxyToServices(
    app,
    options,
    async (request) => {
      await guard(request);
      if (isAccountDeletion(request)) await perAccount?.check(request);
    },
    { identify: authenticate.identify, identifyKept: authenticate.identifyKept, answerHeaders },
  );
  await web.serveFiles(app);

  return { app, close: () => app.close(), hotPath };
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
