import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import {
  AppError,
  type GatewayRoute,
  type HeroIdentity,
  httpDuration,
  httpRequests,
  IDENTITY_HEADER,
  type Logger,
} from '@lifequest/platform';
import { type Dispatcher, Pool } from 'undici';
import { isForbiddenClientHeader } from './proxy.ts';
import { SESSION_COOKIE, type SessionIdentifier, sessionIdsOf } from './sessions/request-session.ts';

/**
 * The gateway's hot path (docs/performance.md#the-gateways-hot-path): a signed-in hero's plain GET
 * to a service's prefix, answered without Fastify's routing, hooks and reply, nor @fastify/reply-from:
 * the session is looked up, the request forwarded on a kept-alive undici pool of the service, and the
 * service's answer, read whole, written back with the gateway's headers in one write. Anything else
 * (another method, a body, a public or admin-only prefix the hero may not use, the gateway's own
 * routes, a path or query this does not read as the router would, no live session) goes to Fastify as
 * before, which answers it as it always has: the hot path takes only requests whose answer it gives
 * the same way (gateway/src/hot-path.test.ts compares the two).
 */
export interface HotPathOptions {
  routes: readonly GatewayRoute[];
  /** A service's URL; null when it is not reached over HTTP (embedded: in process). */
  upstream(service: string): string | null;
  identify: SessionIdentifier;
  /**
   * The session cookie's Set-Cookie value, as the proxy's reply sets it on `/api/auth/me` (the session
   * refreshed: setSessionCookie in sessions/request-session.ts). Without it, that path goes to Fastify.
   */
  sessionCookie?(sessionId: string, protocol: string): string;
  /** The same hero when the session store holds every id in memory (no promise), else undefined. */
  identifyKept?: (sessionIds: readonly string[]) => HeroIdentity | undefined;
  /** The identity header's value for a hero (signed once per half minute, shared with proxy.ts). */
  sign(hero: HeroIdentity): string;
  /** The gateway's own routes' methods at a path under a prefix (non-empty: not the proxy's). */
  ownMethods(path: string, prefix: string): string[];
  /** Every answer's security headers (security-headers.ts). */
  answerHeaders: Readonly<Record<string, string>>;
  /** The gateway's `trustProxy` (TRUST_PROXY). */
  trustProxy: false | number | readonly string[];
  parseCookie(header: string): Record<string, string | undefined>;
  unsignCookie(value: string): { valid: boolean; value: string | null };
  log: Logger;
  /** undici's default (300 s); tests shorten it. */
  headersTimeoutMs?: number;
}

/** The paths taken: `/api/` and segments of unreserved characters, no dot or percent (no decoding). */
const PATH = /^\/api(?:\/[\w~-]+)+\/?$/;
/** Queries taken: no percent-encoding (nothing to decode that the platform would refuse), no space. */
const QUERY = /^[\w.~=&+,:-]*$/;
/** Longer paths go to the router (its parameters have a length limit of their own). */
const MAX_PATH = 100;
/** Answers up to this size are read whole and written with their headers at once; larger ones stream. */
const BUFFERED_MAX = 1024 * 1024;
/** reply-from's retries of a GET its service answered 503 (its `maxRetriesOn503`), kept as they were. */
const RETRIES_ON_503 = 10;

interface Target {
  route: GatewayRoute;
  pool: Pool;
  host: string;
  /** The router's names for the proxy's routes (metrics label them so). */
  labels: { exact: string; slash: string; below: string };
}

/**
 * Puts the hot path in front of the server's router: requests it takes never reach Fastify; it hands
 * the others on, at once or once their session turned out not to be live.
 */
export function installHotPath(server: Server, options: HotPathOptions) {
  const routed = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (routed.length !== 1) throw new Error('The hot path expects the one request listener of Fastify');
  const router = routed[0]!;
  const hot = hotPath(options, router);
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!hot.take(request, response)) router(request, response);
  });
  return hot;
}

/** A pool per service reached over HTTP, its proxied prefixes' targets the most specific first (as the router). */
function targetsOf(options: HotPathOptions): Target[] {
  const targets: Target[] = [];
  for (const route of options.routes) {
    const upstream = route.public ? null : options.upstream(route.service);
    if (!upstream) continue;
    targets.push({
      route,
      pool: new Pool(upstream, {
        ...(options.headersTimeoutMs ? { headersTimeout: options.headersTimeoutMs } : {}),
      }),
      host: new URL(upstream).host,
      labels: { exact: route.prefix, slash: `${route.prefix}/`, below: `${route.prefix}/*` },
    });
  }
  targets.sort((a, b) => b.route.prefix.length - a.route.prefix.length);
  return targets;
}

function targetOf(targets: readonly Target[], path: string): Target | undefined {
  for (const target of targets) {
    const prefix = target.route.prefix;
    if (path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/'))
      return target;
  }
  return undefined;
}

export function hotPath(
  options: HotPathOptions,
  router: (request: IncomingMessage, response: ServerResponse) => void,
) {
  const targets = targetsOf(options);
  const trusts = trustFunction(options.trustProxy);
  const listsProxies = Array.isArray(options.trustProxy);
  const hops = typeof options.trustProxy === 'number' ? options.trustProxy : 0;
  const answer = answerTemplate(options.answerHeaders);
  const log = options.log;
  let closing = false;
  let served = 0;

  const take = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (closing || request.method !== 'GET') return false;
    const headers = request.headers;
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    if (headers.upgrade !== undefined) return false;
    const url = request.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (path.length > MAX_PATH || !PATH.test(path)) return false;
    if (q >= 0 && !QUERY.test(url.slice(q + 1))) return false;
    // The session cookie is refreshed on /api/auth/me (proxy.ts), here as there.
    if (url === '/api/auth/me' && !options.sessionCookie) return false;
    const target = targetOf(targets, path);
    if (!target || options.ownMethods(path, target.route.prefix).length > 0) return false;
    // A listed proxy's X-Forwarded-* is the router's to judge (Fastify's proxy-addr).
    if (listsProxies && (headers['x-forwarded-host'] || headers['x-forwarded-proto'])) return false;
    try {
      serve(request, response, target, path);
    } catch (error) {
      failed(response, error);
    }
    return true;
  };

  /** A bug of its own: logged, and the client's connection closed rather than the process. */
  const failed = (response: ServerResponse, error: unknown) => {
    log.error({ err: error }, 'the hot path failed');
    response.destroy();
  };

  /**
   * The session's hero: at once when the replica holds every id the request carries in memory (the
   * same answer `identify` gives then, without a promise per look-up), else from `identify`.
   */
  const serve = (request: IncomingMessage, response: ServerResponse, target: Target, path: string) => {
    const started = performance.now();
    const headers = request.headers;
    let ids: string[];
    try {
      const cookie = headers.cookie ? options.parseCookie(headers.cookie)[SESSION_COOKIE] : undefined;
      ids = sessionIdsOf(cookie, headers.authorization, options.unsignCookie);
    } catch {
      router(request, response);
      return;
    }
    const kept = options.identifyKept?.(ids);
    if (kept) {
      forward(request, response, target, path, kept, started);
      return;
    }
    options.identify(ids).then(
      (hero) => {
        try {
          forward(request, response, target, path, hero, started);
        } catch (error) {
          failed(response, error);
        }
      },
      // No live session (or two heroes'): Fastify answers it, with the same look-up.
      () => router(request, response),
    );
  };

  const forward = (
    request: IncomingMessage,
    response: ServerResponse,
    target: Target,
    path: string,
    hero: HeroIdentity,
    started: number,
  ) => {
    if (target.route.admin && !hero.isAdmin) {
      router(request, response);
      return;
    }
    served++;
    const headers = request.headers;
    const id = (headers['x-request-id'] as string | undefined) || randomUUID();
    const forwarded = forwardedHeaders(headers, request, target.host, id, trusts);
    // The proxy's preHandler: on /api/auth/me the answer, whatever it is, refreshes the session cookie.
    const cookie =
      request.url === '/api/auth/me' && options.sessionCookie && hero.sessionId
        ? options.sessionCookie(hero.sessionId, forwarded[forwarded.length - 1]!)
        : null;
    forwarded.push(IDENTITY_HEADER, options.sign(hero));
    new Exchange(shared, request, response, target, path, id, forwarded, started, cookie).ask();
  };
  const shared: Shared = { baseHeaders: options.answerHeaders, answer, log, hops };

  return {
    take,
    /** How many requests it answered itself (tests tell the two paths apart by it). */
    served: () => served,
    /** From Fastify's preClose: requests then go to Fastify, which refuses them while it closes. */
    closing() {
      closing = true;
    },
    async close() {
      await Promise.all(targets.map((target) => target.pool.close()));
    },
  };
}

interface Shared {
  baseHeaders: Readonly<Record<string, string>>;
  answer: AnswerTemplate;
  log: Logger;
  hops: number;
}

/**
 * The gateway's own headers of every answer as a flat list (name, value, …), its request id and
 * `Cache-Control` in it, and where each name's value sits: an answer's headers are a copy of the list
 * with the service's headers put in (a name the list has takes its place, as it overwrote the object
 * this replaced), written by `writeHead` as they are, with no object built per answer.
 */
interface AnswerTemplate {
  list: readonly string[];
  at: ReadonlyMap<string, number>;
  /** Where the request's id goes. */
  idAt: number;
}

function answerTemplate(answerHeaders: Readonly<Record<string, string>>): AnswerTemplate {
  const list: string[] = [];
  const at = new Map<string, number>();
  const put = (name: string, value: string) => {
    const lower = name.toLowerCase();
    const known = at.get(lower);
    if (known !== undefined) list[known] = value;
    else {
      at.set(lower, list.length + 1);
      list.push(lower, value);
    }
  };
  for (const [name, value] of Object.entries(answerHeaders)) put(name, value);
  put('x-request-id', '');
  return { list, at, idAt: at.get('x-request-id')! };
}

/**
 * One request on its way: undici's dispatch handler (no response stream, no promise), which answers
 * the client once the service's answer is whole, or streams it past BUFFERED_MAX.
 */
class Exchange implements Dispatcher.DispatchHandler {
  #retries = 0;
  #retrying: string | undefined | null = null;
  #status = 0;
  #answered: (string | string[])[] | null = null;
  #length = 0;
  #streaming = false;
  #chunks: Buffer[] = [];
  #received = 0;

  private readonly shared: Shared;
  private readonly request: IncomingMessage;
  private readonly response: ServerResponse;
  private readonly target: Target;
  private readonly path: string;
  private readonly id: string;
  private readonly forwarded: string[];
  private readonly started: number;
  /** The session cookie this answer sets (on /api/auth/me), after any the service set. */
  private readonly cookie: string | null;

  constructor(
    shared: Shared,
    request: IncomingMessage,
    response: ServerResponse,
    target: Target,
    path: string,
    id: string,
    forwarded: string[],
    started: number,
    cookie: string | null,
  ) {
    this.shared = shared;
    this.request = request;
    this.response = response;
    this.target = target;
    this.path = path;
    this.id = id;
    this.forwarded = forwarded;
    this.started = started;
    this.cookie = cookie;
  }

  ask(): void {
    this.#retrying = null;
    this.#chunks = [];
    this.#received = 0;
    this.target.pool.dispatch({ path: this.request.url!, method: 'GET', headers: this.forwarded }, this);
  }

  onRequestStart(): void {}

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
  ): void {
    const response = this.response;
    if (statusCode === 503 && this.#retries < RETRIES_ON_503 && !response.headersSent) {
      // reply-from asked again (its maxRetriesOn503), after Retry-After milliseconds or a short jitter.
      this.#retrying = headers['retry-after'] as string | undefined;
      return;
    }
    if (response.destroyed) {
      controller.abort(new Error('The client went away'));
      return;
    }
    const template = this.shared.answer;
    const answered: (string | string[])[] = template.list.slice();
    answered[template.idAt] = this.id;
    for (const name in headers) {
      const value = headers[name];
      if (value === undefined || name === 'transfer-encoding' || name === 'cache-control') continue;
      if (name.charCodeAt(0) === 58) continue;
      const kept = typeof value === 'string' ? sanitized(value) : value.map(sanitized);
      const at = template.at.get(name);
      if (at === undefined) answered.push(name, kept);
      else answered[at] = kept;
    }
    answered.push('cache-control', 'no-store');
    if (this.cookie) withCookie(answered, this.cookie);
    this.#status = statusCode;
    this.#answered = answered;
    this.#length = Number(headers['content-length']);
    if (!(this.#length <= BUFFERED_MAX)) {
      this.#streaming = true;
      response.writeHead(statusCode, answered);
      response.once('close', () => {
        if (!response.writableFinished) controller.abort(new Error('The client went away'));
      });
    }
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#retrying !== null || !this.#answered) return;
    if (this.#streaming) {
      if (!this.response.write(chunk)) {
        controller.pause();
        this.response.once('drain', () => controller.resume());
      }
      return;
    }
    this.#chunks.push(chunk);
    this.#received += chunk.length;
  }

  onResponseEnd(): void {
    if (this.#retrying !== null) {
      const after = this.#retrying;
      this.#retries++;
      setTimeout(() => this.ask(), after === undefined ? 42 * Math.random() * this.#retries : Number(after));
      return;
    }
    const answered = this.#answered;
    if (!answered) return;
    const response = this.response;
    if (this.#streaming) {
      response.end(() => this.done(this.#status));
      return;
    }
    if (this.#received !== this.#length) {
      response.destroy();
      return;
    }
    const chunks = this.#chunks;
    response.writeHead(this.#status, answered);
    response.end(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, this.#received), () =>
      this.done(this.#status),
    );
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error & { code?: string }): void {
    // Once the service's answer began, a break is the client's broken answer (as reply-from's stream).
    if (this.#answered) {
      this.response.destroy();
      return;
    }
    const log = this.shared.log.child({ reqId: this.id });
    const service = this.target.route.service;
    log.warn({ err: error, service }, 'upstream failed');
    const response = this.response;
    if (response.headersSent || response.destroyed) return;
    const refusal =
      error.code === 'UND_ERR_HEADERS_TIMEOUT'
        ? new AppError('UPSTREAM_TIMEOUT', `The ${service} service took too long to answer.`)
        : new AppError('SERVICE_UNAVAILABLE', `The ${service} service is unavailable. Try again shortly.`);
    const body = Buffer.from(JSON.stringify(refusal.toBody()));
    response.writeHead(refusal.status, {
      ...this.shared.baseHeaders,
      'x-request-id': this.id,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(body.length),
      'cache-control': 'no-store',
      ...(this.cookie ? { 'set-cookie': this.cookie } : {}),
    });
    response.end(body, () => this.done(refusal.status));
  }

  /** The answer is out: its metrics, and its line where Fastify's would be logged (5xx, or debug). */
  private done(status: number): void {
    const elapsed = performance.now() - this.started;
    const labels = this.target.labels;
    const path = this.path;
    const route = path === labels.exact ? labels.exact : path === labels.slash ? labels.slash : labels.below;
    httpRequests.inc({ service: 'gateway', method: 'GET', route, status });
    httpDuration.observe({ service: 'gateway', method: 'GET', route }, elapsed / 1000);
    const log = this.shared.log;
    if (status >= 500 || log.isLevelEnabled('debug')) {
      const line = {
        req: loggedRequest(this.request, forwardedHost(this.forwarded), this.shared.hops),
        res: { statusCode: status },
        responseTime: elapsed,
      };
      if (status >= 500) log.child({ reqId: this.id }).info(line, 'request completed');
      else log.child({ reqId: this.id }).debug(line, 'request completed');
    }
  }
}

/** The session cookie after the service's own Set-Cookie, as @fastify/cookie adds it at onSend. */
function withCookie(answered: (string | string[])[], cookie: string): void {
  for (let i = 0; i < answered.length; i += 2) {
    if (answered[i] !== 'set-cookie') continue;
    const set = answered[i + 1]!;
    answered[i + 1] = typeof set === 'string' ? [set, cookie] : [...set, cookie];
    return;
  }
  answered.push('set-cookie', cookie);
}

/** The request's headers the hot path sets itself (a client's own are dropped, as the object overwrote them). */
const SET_HERE = new Set(['host', 'x-request-id', 'x-forwarded-host', 'x-forwarded-proto']);

/**
 * reply-from's headers, as rewriteRequestHeaders in proxy.ts leaves them, but the identity: a flat list
 * (name, value, …), as undici takes it. Node's names are lower case already.
 */
function forwardedHeaders(
  headers: IncomingHttpHeaders,
  request: IncomingMessage,
  host: string,
  id: string,
  trusts: (address: string | undefined) => boolean,
): string[] {
  const dropped = connectionTokens(headers.connection);
  const forwarded: string[] = [];
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || name === 'connection' || name === 'expect' || SET_HERE.has(name)) continue;
    if (isForbiddenClientHeader(name) || dropped?.includes(name)) continue;
    if (typeof value === 'string') forwarded.push(name, value);
    else for (const each of value) forwarded.push(name, each);
  }
  const trusted = trusts(request.socket.remoteAddress);
  const forwardedHost = headers['x-forwarded-host'];
  const forwardedProto = headers['x-forwarded-proto'];
  forwarded.push(
    'host',
    host,
    'x-request-id',
    id,
    'x-forwarded-host',
    trusted && typeof forwardedHost === 'string' && forwardedHost
      ? lastEntry(forwardedHost)
      : (headers.host ?? ''),
    'x-forwarded-proto',
    trusted && typeof forwardedProto === 'string' && forwardedProto
      ? lastEntry(forwardedProto)
      : (request.socket as { encrypted?: boolean }).encrypted
        ? 'https'
        : 'http',
  );
  return forwarded;
}

/** The X-Forwarded-Host a forwarded list carries (for the request's log line). */
function forwardedHost(forwarded: readonly string[]): string | undefined {
  for (let i = forwarded.length - 2; i >= 0; i -= 2)
    if (forwarded[i] === 'x-forwarded-host') return forwarded[i + 1];
  return undefined;
}

/** The header names a Connection header lists (reply-from strips them). */
function connectionTokens(connection: string | undefined): string[] | null {
  if (!connection) return null;
  return connection
    .toLowerCase()
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token.length > 0);
}

/** Fastify's reading of an X-Forwarded-* header set more than once: the last entry. */
function lastEntry(value: string): string {
  const last = value.lastIndexOf(',');
  return last === -1 ? value.trim() : value.slice(last + 1).trim();
}

/** Fastify's trust in the peer for X-Forwarded-Host and -Proto (hop 0 of the platform's trustProxy). */
function trustFunction(trust: false | number | readonly string[]): (address: string | undefined) => boolean {
  if (typeof trust === 'number') return () => 0 < trust;
  // A list of proxies: the hot path passes requests carrying X-Forwarded-* on to the router.
  return () => false;
}

const INVALID_HEADER_CHARACTER = /[^\t\x20-\x7E\x80-\xFF]/;
const INVALID_HEADER_CHARACTERS = /[^\t\x20-\x7E\x80-\xFF]/g;

/** @fastify/http-proxy's: characters no header value may hold are dropped (a valid value is kept as it is). */
function sanitized(value: string): string {
  return INVALID_HEADER_CHARACTER.test(value) ? value.replace(INVALID_HEADER_CHARACTERS, '') : value;
}

/**
 * What the platform's request serializer reads (method, URL, host, client). The client is Fastify's
 * `request.ip`: behind `hops` trusted proxies, the address that many entries into X-Forwarded-For
 * from its end.
 */
function loggedRequest(request: IncomingMessage, host: string | string[] | undefined, hops: number) {
  const addresses = [request.socket.remoteAddress];
  const chain = request.headers['x-forwarded-for'];
  if (hops > 0 && typeof chain === 'string')
    addresses.push(
      ...chain
        .split(',')
        .map((a) => a.trim())
        .reverse(),
    );
  return {
    method: request.method,
    url: request.url,
    host,
    ip: addresses[Math.min(hops, addresses.length - 1)],
    headers: request.headers,
    socket: request.socket,
  };
}
