import { Readable } from 'node:stream';
import httpProxy from '@fastify/http-proxy';
import {
  AppError,
  type GatewayOptions,
  type GatewayRoute,
  type HeroIdentity,
  type HttpServer,
  IDENTITY_HEADER,
  replyError,
  replyMethodNotAllowed,
  signIdentity,
} from '@lifequest/platform';
import { IMPORT_MAX_BYTES } from '@lifequest/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { installHotPath } from './hot-path.ts';
import { type SessionIdentifier, sessionCookieHeader, setSessionCookie } from './sessions/request-session.ts';

/** How many paths' own methods are kept (a hero's reads repeat; ids make the rest unbounded). */
const OWN_METHODS_KEPT = 10_000;

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
 * Each service's prefixes, proxied to it with the hero's signed identity once the session checks out.
 * Every prefix is `hero`, or `admin` for an admin-only module (ServiceModule.adminOnly); `guard` enforces
 * that by session (access.ts) before anything is forwarded.
 *
 * Bodies on their way to a service are read here, held to the body limit and to JSON, then streamed
 * on: an oversize body is a 413 from the gateway (not a reset from the service behind it), and any other
 * content type a 415, whatever parameters its header carries.
 */
export async function proxyToServices(
  app: HttpServer,
  options: GatewayOptions,
  guard: (request: FastifyRequest) => Promise<void>,
  hot: {
    identify: SessionIdentifier;
    identifyKept: (sessionIds: readonly string[]) => HeroIdentity | undefined;
    answerHeaders: Readonly<Record<string, string>>;
  },
): Promise<{ served(): number }> {
  const signed = identitySigner(options.internalSecret);
  const ownMethods = ownMethodsKept(app, options.routes);
  await app.register(async (proxied) => {
    proxied.removeAllContentTypeParsers();
    proxied.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, Readable.from([body as Buffer])),
    );
    proxied.addContentTypeParser('multipart/form-data', importUpload);
    await proxyRoutes(proxied as unknown as HttpServer, options, guard, { signed, ownMethods });
  });
  // Distributed, a hero's plain reads skip Fastify's lifecycle and reply-from (hot-path.ts).
  const path = installHotPath(app.server, {
    routes: options.routes,
    upstream: (service) =>
      options.services.inProcess(service) ? null : (options.services.url(service) ?? null),
    identify: hot.identify,
    identifyKept: hot.identifyKept,
    sessionCookie: (sessionId, protocol) => sessionCookieHeader(app, sessionId, protocol),
    sign: signed,
    ownMethods,
    answerHeaders: hot.answerHeaders,
    trustProxy: options.config.trustProxy,
    parseCookie: (header) => app.parseCookie(header),
    unsignCookie: (value) => app.unsignCookie(value),
    log: app.log,
  });
  app.addHook('preClose', async () => path.closing());
  app.addHook('onClose', () => path.close());
  return path;
}

/**
 * A signed identity lives a minute (platform's signIdentity); the requests of one session look-up share
 * one for its first half, so a service never gets one with less than half a minute left.
 */
function identitySigner(secret: string): (hero: HeroIdentity) => string {
  const signatures = new WeakMap<HeroIdentity, { token: string; renewAt: number }>();
  return (hero) => {
    const now = Date.now();
    const kept = signatures.get(hero);
    if (kept && kept.renewAt > now) return kept.token;
    const token = signIdentity(secret, hero, 60, now);
    signatures.set(hero, { token, renewAt: now + 30_000 });
    return token;
  };
}

/**
 * The gateway's own routes under a service's prefix (login, logout…): asked with another method, the
 * proxy matches, but the path is the gateway's: 405, before any session is asked for. The proxy takes
 * every method at the prefix itself and, under it, through a catch-all (`prefix/*`): any other route
 * the router finds below the prefix is the gateway's own. A wrong method on a service's own path is the
 * service's to answer (only it knows its routes), with a 405 too.
 * The answer depends on the path alone and the routes are fixed once the server listens: kept per path
 * (bounded), since asking the router costs one look-up per method any route takes (`all` registers
 * about 35) on every proxied request. Not under a public prefix: a calendar feed's address is its
 * secret, and no secret is kept in memory longer than its request.
 */
export function ownMethodsKept(app: HttpServer, routes: readonly GatewayRoute[]) {
  const ownByPath = new Map<string, string[]>();
  const publicPrefixes = routes.filter((route) => route.public).map((route) => route.prefix);
  const underPublic = (path: string) =>
    publicPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  return Object.assign(
    (path: string, prefix: string): string[] => {
      // The proxy's own routes: the prefix, and the prefix with a trailing slash (reply-from registers it).
      if (path === prefix || path === `${prefix}/`) return [];
      let own = ownByPath.get(path);
      if (!own) {
        own = app.allowedMethods(path, { exceptCatchAll: true });
        if (underPublic(path)) return own;
        if (ownByPath.size >= OWN_METHODS_KEPT) ownByPath.clear();
        ownByPath.set(path, own);
      }
      return own;
    },
    { keptPaths: () => [...ownByPath.keys()] },
  );
}

/** An import's file and its multipart framing. */
const IMPORT_UPLOAD_LIMIT = IMPORT_MAX_BYTES + 64 * 1024;

/**
 * The one route taking a file (`POST /api/import`, docs/features/data-ownership.md#import) takes
 * multipart/form-data, held to the import's own limit (a larger file is 413 IMPORT_TOO_LARGE, naming the
 * problem); every other route still takes only JSON. The session cookie is SameSite=Lax, so a cross-site
 * form's upload arrives without a session and is refused as any other.
 */
function importUpload(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  done: (error: Error | null, body?: unknown) => void,
): void {
  if (request.url.split('?')[0] !== '/api/import') {
    done(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.'));
    return;
  }
  const tooLarge = () =>
    new AppError('IMPORT_TOO_LARGE', `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
  if (Number(request.headers['content-length'] ?? 0) > IMPORT_UPLOAD_LIMIT) {
    done(tooLarge());
    return;
  }
  const chunks: Buffer[] = [];
  let received = 0;
  let finished = false;
  const finish = (error: Error | null, body?: unknown) => {
    if (finished) return;
    finished = true;
    done(error, body);
  };
  payload.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > IMPORT_UPLOAD_LIMIT) finish(tooLarge());
    else if (!finished) chunks.push(chunk);
  });
  payload.once('end', () => finish(null, Readable.from([Buffer.concat(chunks)])));
  payload.once('error', (error: Error) => finish(error));
}

async function proxyRoutes(
  app: HttpServer,
  options: GatewayOptions,
  guard: (request: FastifyRequest) => Promise<void>,
  {
    signed,
    ownMethods,
  }: { signed: (hero: HeroIdentity) => string; ownMethods: ReturnType<typeof ownMethodsKept> },
) {
  const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '';
  // Each module declares the /api prefixes it serves (ServiceModule.routePrefixes); the runtime passes them.
  for (const route of options.routes) {
    // A public prefix (a calendar feed, whose address is its secret) needs no session and sends no identity.
    // The service behind logs each proxied request (same x-request-id) at info: the gateway's own line
    // goes at debug unless it answered 5xx itself (its log line was ~6% of its CPU under load).
    const config = {
      access: route.public ? ('public' as const) : route.admin ? ('admin' as const) : ('hero' as const),
      quietLog: true,
    };
    const upstream = options.services.url(route.service);
    if (!upstream) {
      const unavailable = async (request: FastifyRequest, reply: FastifyReply) => {
        const own = ownMethods(pathOf(request), route.prefix);
        if (own.length > 0) return replyMethodNotAllowed(reply, request, own);
        await guard(request);
        return replyError(reply, 'SERVICE_UNAVAILABLE', `The ${route.service} service is not running here.`);
      };
      app.all(route.prefix, { config }, unavailable);
      app.all(`${route.prefix}/*`, { config }, unavailable);
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
      config,
      // The enclosing scope reads and bounds the body (see proxyToServices).
      proxyPayloads: false,
      // One log line per request (server.ts): reply-from's "fetching" and "response received" lines
      // doubled the gateway's synchronous log writes.
      disableRequestLogging: true,
      preHandler: async (request, reply) => {
        const own = ownMethods(pathOf(request), route.prefix);
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
