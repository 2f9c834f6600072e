import { randomUUID, timingSafeEqual } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import type { ErrorBody, ErrorCode } from '@lifequest/proto';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { bearerToken } from './bearer.ts';
import { clientErrorHandler } from './client-errors.ts';
import { type HeroIdentity, IDENTITY_HEADER, type Identity, verifyIdentity } from './identity.ts';
import { lingerAfterAnswer } from './linger.ts';
import { type AllowedMethodsOptions, allowedMethods, replyMethodNotAllowed } from './methods.ts';
import { httpDuration, httpRequests, metricsRegistry } from './metrics.ts';
import { UpstreamError } from './service-directory.ts';
import { assertJsonDepth, assertSafeBody, assertStorableText } from './strict-json.ts';

/**
 * Who may call a route, declared on every route of a service (`config: { access }`) and checked before
 * the handler runs: `public` anyone; `hero` a signed-in hero (the gateway signed the identity); `admin`
 * a hero whose signed identity says isAdmin; `service` another LifeQuest service.
 */
export type Access = 'public' | 'hero' | 'admin' | 'service';
export const ACCESS_LEVELS: readonly Access[] = ['public', 'hero', 'admin', 'service'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified identity, if the caller sent one. */
    identity: Identity | null;
    /** The verified hero behind a `hero` or `admin` route (throws UNAUTHENTICATED elsewhere without one). */
    readonly hero: HeroIdentity;
  }
  interface FastifyInstance {
    /** The methods some route of this server takes at `url` (for `405` and its `Allow`). */
    allowedMethods(url: string, options?: AllowedMethodsOptions): string[];
  }
  interface FastifyContextConfig {
    /** Who may call the route; a service refuses to boot a route that declares none. */
    access?: Access;
    /**
     * Its answered line is logged at debug unless the answer is a 5xx: for the gateway's proxied routes,
     * whose service logs the same request (same x-request-id) at info.
     */
    quietLog?: boolean;
  }
}

export type HttpServer = FastifyInstance<
  import('node:http').Server,
  import('node:http').IncomingMessage,
  import('node:http').ServerResponse,
  Logger,
  ZodTypeProvider
>;

export type ReadinessCheck = () => Promise<void>;

export interface ServerOptions {
  /** The service name: labels logs and metrics, titles the OpenAPI document. */
  name: string;
  logger: Logger;
  bodyLimitBytes: number;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses (see `TRUST_PROXY`). */
  trustProxy?: boolean | number | readonly string[];
  /**
   * When set, this is a service: identities are verified with this secret, every route must declare
   * its `config.access` (default deny: a route without one stops the boot), and the platform enforces
   * it before the handler. The gateway passes none: it authenticates by session.
   */
  internalSecret?: string;
  readinessChecks?: ReadinessCheck[];
  /**
   * Who may read /metrics: `public` (a service's internal port), or only a caller presenting this bearer
   * token; `null` keeps it closed (the gateway's public port without `METRICS_TOKEN`). Default public.
   */
  metricsToken?: 'public' | string | null;
  /**
   * Headers every answer carries, the HTTP parser's own refusals included (the gateway's security
   * headers: a Content-Security-Policy and its kin).
   */
  answerHeaders?: Readonly<Record<string, string>>;
  /** Replaces the JSON 404 (the gateway falls back to the web app for page URLs). */
  notFoundHandler?: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

/**
 * One log line per request, when it is answered, carrying what Fastify's "incoming request" line had
 * (method, URL, client): under load the synchronous writes of two lines per request per process were
 * the largest single cost in the profiles of the gateway and quests.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else if (request.routeOptions.config?.quietLog === true && reply.statusCode < 500) {
      reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

/** Builds a Fastify server with LifeQuest's house rules: errors, validation, identity, health, metrics, OpenAPI. */
export async function createHttpServer(options: ServerOptions): Promise<HttpServer> {
  const answerHeaders = options.answerHeaders ?? {};
  const app = Fastify({
    loggerInstance: options.logger.child({ service: options.name }),
    bodyLimit: options.bodyLimitBytes,
    trustProxy: trustProxyOption(options.trustProxy),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    logController: new OneLinePerRequest(),
    forceCloseConnections: 'idle',
    // What Node's HTTP parser refuses (an oversized header, a malformed request line, Transfer-Encoding
    // with Content-Length…) never reaches a route: answer it from the table too, not with Fastify's body.
    clientErrorHandler: clientErrorHandler(answerHeaders),
    // A malformed URL or an over-long path parameter is the caller's mistake: answer from our table.
    frameworkErrors: (error, _request, rawReply) => {
      const refusal =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new AppError('URI_TOO_LONG', 'A path parameter is too long.')
          : new AppError('VALIDATION_FAILED', 'The URL is malformed.');
      (rawReply as FastifyReply).code(refusal.status).send(refusal.toBody());
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Only JSON bodies (a cross-site form cannot send one), held to what PostgreSQL can store: NUL and lone
  // surrogates are the hero's mistake, not a 500, and no nesting is deep enough to overflow the stack.
  // Prototype keys are looked for in the same walk (assertSafeBody), so the parser itself ignores them
  // (plain JSON.parse, which makes `__proto__` an own key) and they are refused as such, not as bad JSON.
  const defaultJson = app.getDefaultJsonParser('ignore', 'ignore');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      assertJsonDepth(body as string);
    } catch (error) {
      return done(error as Error, undefined);
    }
    defaultJson(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      try {
        assertSafeBody(value);
      } catch (invalid) {
        return done(invalid as Error, undefined);
      }
      done(null, value);
    });
  });
  app.addHook('preValidation', async (request) => {
    assertStorableText(request.query);
    assertStorableText(request.params);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('identity', null);
  app.decorateRequest('hero', {
    getter(this: FastifyRequest): HeroIdentity {
      const identity = this.identity;
      if (identity?.kind !== 'hero') throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
      return identity;
    },
  });

  // Every method some route takes, so a wrong method on a known path can be told from an unknown path.
  const routeMethods = new Set<string>();
  // The closed /metrics of the public port is not advertised, not even by a 405.
  const metricsToken = options.metricsToken === undefined ? 'public' : options.metricsToken;
  const unadvertised = new Set(metricsToken === 'public' ? [] : ['/metrics']);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeMethods.add(method);
  });
  app.decorate('allowedMethods', (url: string, options?: AllowedMethodsOptions) =>
    unadvertised.has(url.split('?')[0] ?? '') ? [] : allowedMethods(app, routeMethods, url, options),
  );

  const secret = options.internalSecret;
  if (secret) {
    app.addHook('onRoute', (route) => {
      const access = (route.config as { access?: unknown } | undefined)?.access;
      if (!ACCESS_LEVELS.includes(access as Access)) {
        throw new Error(
          `${route.method} ${route.url} declares no access: add config: { access: 'public' | 'hero' | 'admin' | 'service' }`,
        );
      }
    });
  }

  await app.register(fastifySwagger, {
    openapi: { info: { title: `LifeQuest ${options.name}`, version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(answerHeaders);
    reply.header('x-request-id', request.id);
  });
  // The paths public routes serve: a wrong method there is answered 405 to anyone, since the path is no
  // secret (a calendar feed's); elsewhere a caller without an identity learns nothing of the routes (401).
  const publicPaths: RegExp[] = [];
  app.addHook('onRoute', (route) => {
    if ((route.config as { access?: unknown } | undefined)?.access === 'public') {
      publicPaths.push(routePattern(route.url));
    }
  });
  if (secret) {
    app.addHook(
      'onRequest',
      accessHook(secret, (path) => publicPaths.some((pattern) => pattern.test(path))),
    );
  }

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequests.inc({ service: options.name, method: request.method, route, status: reply.statusCode });
    httpDuration.observe({ service: options.name, method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => sendError(error, request, reply));
  const notFound =
    options.notFoundHandler ??
    ((request: FastifyRequest, reply: FastifyReply) =>
      replyError(reply, 'ROUTE_NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}.`));
  app.setNotFoundHandler((request, reply) => {
    // A known path asked with a method it does not take is a 405 listing those it does, not a 404.
    const allow = app.allowedMethods(request.url);
    if (allow.length > 0) return replyMethodNotAllowed(reply, request, allow);
    return notFound(request, reply);
  });

  const checks = options.readinessChecks ?? [];
  app.get('/healthz', { config: { access: 'public' }, schema: { hide: true } }, async () => ({
    status: 'ok',
  }));
  app.get('/readyz', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const failures: string[] = [];
    await Promise.all(
      checks.map(async (check) => {
        try {
          await check();
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }),
    );
    if (failures.length > 0) {
      return replyError(reply, 'SERVICE_UNAVAILABLE', `Not ready: ${failures.join('; ')}`);
    }
    return { status: 'ready' };
  });
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (metricsToken !== 'public' && !bearerMatches(request.headers.authorization, metricsToken)) {
      // Not found rather than 401: the public port does not advertise an operator's endpoint.
      return replyError(reply, 'ROUTE_NOT_FOUND', `No route for ${request.method} /metrics.`);
    }
    reply.type(metricsRegistry.contentType);
    return metricsRegistry.metrics();
  });
  app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  return app;
}

/** Fastify takes a hop count too, but its types do not say so: count the hops ourselves. */
function trustProxyOption(trust: ServerOptions['trustProxy']) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return Array.isArray(trust) ? [...trust] : ((trust as boolean | undefined) ?? false);
}

function bearerMatches(header: string | undefined, token: string | null): boolean {
  const presented = bearerToken(header);
  if (!token || !presented) return false;
  const given = Buffer.from(presented);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Retry-After of a 503 for a database that dropped the connection: the pool reconnects within it. */
const DATABASE_RETRY_AFTER_SECONDS = 1;

/** The database's refusal of a write for a deleted hero ('lifequest: hero deleted'), however wrapped. */
function namesDeletedHero(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e.message.includes('lifequest: hero deleted')) return true;
  }
  return false;
}

function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || (error instanceof AppError && error.status === 413)) {
    // Refused before all of the body arrived: the answer goes, then the connection reads on and drops
    // the rest before it closes (linger.ts), so a client still sending reads the 413, not a reset.
    reply.header('connection', 'close');
    lingerAfterAnswer(request.raw.socket);
  }
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', error.retryAfterSeconds);
    return reply.code(error.status).send(error.toBody());
  }
  if (error instanceof UpstreamError) {
    // Another service's `{ error, message, code }` answer, passed through untouched.
    if (error.retryAfter) reply.header('retry-after', error.retryAfter);
    return reply.code(error.status).send(error.body);
  }
  if (namesDeletedHero(error)) {
    // A write of a hero deleted while it was in flight, refused by the database (quests' migration 0007).
    return replyError(reply, 'UNAUTHENTICATED', 'Your account no longer exists. Sign in again.');
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'body';
    const details = error.validation.slice(0, 5).map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const text = issue.message ?? 'is invalid';
      // Our schemas already name the field in their messages ("email is required").
      return field && !text.startsWith(field) ? `${field}: ${text}` : text;
    });
    // The message reaches forms as-is (docs/product.md#errors), so it names the fields, not our internals.
    const message = where === 'body' ? details.join('; ') : `Invalid ${where}: ${details.join('; ')}`;
    return replyError(reply, 'VALIDATION_FAILED', message);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return replyError(reply, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return replyError(reply, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return replyError(reply, 'INVALID_JSON', 'The request body is not valid JSON.');
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return replyError(reply, 'INVALID_JSON', 'The request body is not valid JSON.');
  }
  if (error.statusCode === 429) {
    return replyError(reply, 'RATE_LIMITED', error.message);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Another mistake Fastify or a plugin caught: the caller's, answered from the table like any other.
    return replyError(reply, 'BAD_REQUEST', error.message);
  }
  if (isDatabaseUnavailable(error)) {
    // Not the caller's mistake and not a bug: the database dropped or refused the connection (a restart,
    // a failover). The pool reconnects by itself; the caller may try again in a moment.
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
    return replyError(reply, 'SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
  }
  request.log.error({ err: error }, 'unhandled error');
  return replyError(reply, 'INTERNAL', 'Something went wrong on our side. Please try again.');
}

/** Answers with a code of the error table; its status and text come from the table, never from here. */
export function replyError<Reply extends { code(status: number): Reply; send(body: ErrorBody): Reply }>(
  reply: Reply,
  code: ErrorCode,
  message?: string,
): Reply {
  const error = new AppError(code, message);
  return reply.code(error.status).send(error.toBody());
}

/**
 * The onRequest hook that verifies the signed identity and checks it against the route's declared
 * access, before any handler runs. Every service has it; the gateway adds it to its internal ops routes.
 */
export function accessHook(secret: string, isPublicPath: (path: string) => boolean = () => false) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers[IDENTITY_HEADER];
    request.identity = verifyIdentity(secret, Array.isArray(header) ? header[0] : header);
    enforceAccess(request, isPublicPath);
  };
}

function enforceAccess(request: FastifyRequest, isPublicPath: (path: string) => boolean): void {
  const access = request.routeOptions.config?.access;
  const identity = request.identity;
  if (access === 'public') return;
  // No route took this method, on a path a public route serves: the not-found handler's 405 is anyone's.
  if (request.is404 && isPublicPath(request.url.split('?')[0] ?? '')) return;
  if (!identity) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  switch (access) {
    case 'hero':
      if (identity.kind !== 'hero') throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
      return;
    case 'admin':
      if (identity.kind !== 'hero') throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
      if (!identity.isAdmin) throw new AppError('FORBIDDEN', 'Only an admin can do this.');
      return;
    case 'service':
      if (identity.kind !== 'service') throw new AppError('FORBIDDEN', 'Internal route.');
      return;
    default:
      // No route matched: the JSON 404 answers, but only to a caller with an identity (as above).
      return;
  }
}

/** A route's URL (`/feed/:file`, `/files/*`) as a pattern of the paths it serves. */
function routePattern(url: string): RegExp {
  const escaped = url.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*')}$`);
}
