import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createEnvelope,
  EVENT_NAMES,
  type EventEnvelope,
  type EventName,
  type EventPayloads,
} from '@lifequest/proto';
import { afterAll, beforeAll } from 'vitest';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openPglite } from '../db/database.ts';
import { migrate } from '../db/migrations.ts';
import { InProcessEventBus } from '../events/in-process-bus.ts';
import type { EventBus } from '../events/ports.ts';
import type { RetryPolicy } from '../events/retry.ts';
import { IDENTITY_HEADER, type Identity, signIdentity } from '../http/identity.ts';
import { createHttpServer, type HttpServer } from '../http/server.ts';
import { ServiceDirectory } from '../http/service-directory.ts';
import { InProcessJobQueue } from '../jobs/in-process-queue.ts';
import type { JobQueue } from '../jobs/ports.ts';
import { createLogger } from '../logger.ts';
import { moduleContext } from '../runtime/context.ts';
import type { ServiceModule } from '../runtime/module.ts';

export interface TestModulesOptions {
  /** Environment the config is read from (nothing of the test's own environment leaks in). */
  env?: Record<string, string>;
  /**
   * Stand-ins for services that are not started, by name: each gets its own HTTP server (routes must
   * declare `access` as in a real service) and is reachable through `ctx.services` like the real one.
   */
  doubles?: Record<string, (app: HttpServer) => void | Promise<void>>;
  /** Run the modules' workers too (default true, as target `all` does). */
  workers?: boolean;
  /** The in-process bus's retry policy; default one attempt, so a failing handler dead-letters at once. */
  retry?: Partial<RetryPolicy>;
  /**
   * The database to run on instead of a fresh in-memory PGlite (real PostgreSQL, say); the caller
   * opened it and closes it.
   */
  database?: Database;
}

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the started modules over HTTP with one identity (or none), as the gateway or a service would. */
export interface TestCaller {
  /** The raw response (streams, headers). */
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** The response with its body parsed as JSON when it is JSON. */
  json<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<TestResponse<T>>;
  get<T = any>(path: string): Promise<TestResponse<T>>;
  post<T = any>(path: string, body?: unknown): Promise<TestResponse<T>>;
  patch<T = any>(path: string, body?: unknown): Promise<TestResponse<T>>;
  delete<T = any>(path: string): Promise<TestResponse<T>>;
}

/** A caller with a hero's signed identity. */
export interface HeroCaller extends TestCaller {
  readonly userId: string;
}

export interface TestModules {
  /** The one database every module's schema lives in (build a module's Prisma client over it). */
  database: Database;
  /** The in-process bus the modules share (to leave a dead letter, or read them). */
  bus: EventBus;
  config: Config;
  /** The in-process job queue the modules work on (a test runs a scheduled job by enqueueing it). */
  jobs: JobQueue;
  /** The URL a started module (or double) listens on. */
  url(name: string): string;
  /** A hero with a gateway-signed identity (a fresh id unless given). */
  hero(userId?: string, options?: { email?: string; isAdmin?: boolean }): HeroCaller;
  /** A hero whose signed identity says isAdmin. */
  admin(userId?: string): HeroCaller;
  /** Another LifeQuest service (a signed service identity). */
  service(name?: string): TestCaller;
  /** A caller with no identity at all. */
  anonymous(): TestCaller;
  /** Delivers an event as its publisher's relay would; resolves once every consumer handled it. */
  publish<N extends EventName>(
    name: N,
    payload: EventPayloads[N],
    actorId?: string | null,
  ): Promise<EventEnvelope<N>>;
  /** Delivers an envelope again, as a broker does after a lost ack. */
  redeliver(event: EventEnvelope): Promise<void>;
  /** Every event the started modules published so far, in publish order (complete after `settled`). */
  published: EventEnvelope[];
  /** Those of `published` named `name`. */
  publishedOf<N extends EventName>(name: N): EventEnvelope<N>[];
  /** Waits until every module's outbox is published and every delivered event handled. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts one module, or a set of them, the way the runtime would, on a fresh in-memory PGlite, the
 * in-process bus and job queue, each serving real HTTP on a loopback port with access enforced. Other
 * services are absent unless a double stands in for them. (The whole app: `startLifeQuest` in
 * `@lifequest/app/testing`.)
 */
export async function startTestModules(
  modules: readonly ServiceModule[],
  options: TestModulesOptions = {},
): Promise<TestModules> {
  const secret = randomBytes(32).toString('hex');
  const log = createLogger('silent');
  const closers: (() => Promise<unknown> | unknown)[] = [];
  const close = async () => {
    for (const fn of closers.splice(0).reverse()) {
      try {
        await fn();
      } catch {
        // closing a test world: keep closing the rest
      }
    }
  };
  try {
    const database = options.database ?? (await openPglite(undefined));
    if (!options.database) closers.push(() => database.close());
    const config = loadConfig(
      {
        LOG_LEVEL: 'silent',
        LIFEQUEST_DATA_DIR: mkdtempSync(join(tmpdir(), 'lifequest-modules-')),
        ...options.env,
      },
      [],
      modules,
    );
    const bus = new InProcessEventBus({ retry: { attempts: 1, ...options.retry } });
    closers.push(() => bus.close());
    const jobs = new InProcessJobQueue({ backoffMs: 10, concurrency: 2 });
    closers.push(() => jobs.close());

    const fromTest = new Set<string>();
    const published: EventEnvelope[] = [];
    await bus.subscribe('test-published', EVENT_NAMES, async (event) => {
      if (!fromTest.has(event.id)) published.push(event);
    });

    const urls = new Map<string, string>();
    const listen = async (app: HttpServer, name: string) => {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error(`${name} is not listening`);
      urls.set(name, `http://127.0.0.1:${address.port}`);
      return urls.get(name)!;
    };
    const serverFor = (name: string) =>
      createHttpServer({ name, logger: log, bodyLimitBytes: config.bodyLimitBytes, internalSecret: secret });

    const directories: ServiceDirectory[] = [];
    for (const [name, register] of Object.entries(options.doubles ?? {})) {
      const app = await serverFor(name);
      await register(app);
      closers.push(() => app.close());
      await listen(app, name);
    }

    const started: (() => Promise<void> | void)[] = [];
    const moduleClosers: (() => Promise<void> | void)[] = [];
    closers.push(async () => {
      for (const fn of moduleClosers.splice(0).reverse()) await fn();
    });
    const relays: { flush(): Promise<void>; backlog(): Promise<number> }[] = [];
    for (const module of modules) {
      await migrate(database, module.schema, module.migrations);
      const services = new ServiceDirectory(secret, module.name, Object.fromEntries(urls));
      directories.push(services);
      const ctx = moduleContext(
        module,
        {
          config,
          log,
          db: database,
          bus,
          jobs,
          services,
          internalSecret: secret,
          onClose: (fn) => moduleClosers.push(fn),
          onStarted: (fn) => started.push(fn),
        },
        (relay) => relays.push(relay),
      );
      const app = await serverFor(module.name);
      await module.setup(app, ctx);
      if (options.workers ?? true) await module.startWorkers?.(ctx);
      closers.push(() => app.close());
      await listen(app, module.name);
    }
    // Modules set up earlier learn where the later ones listen, as the runtime's directory does.
    for (const directory of directories) for (const [name, url] of urls) directory.set(name, url);
    for (const fn of started) await fn();

    const baseFor = (path: string): string => {
      const owner =
        modules.find((m) =>
          m.routePrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)),
        ) ??
        modules.find((m) => path.startsWith(`/internal/${m.name}/`)) ??
        (modules.length === 1 ? modules[0] : undefined);
      if (!owner) throw new Error(`No started module serves ${path}; call it through url(name)`);
      return urls.get(owner.name)!;
    };

    const caller = (identity: Identity | null): TestCaller => {
      const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
        fetch(new URL(path, path.startsWith('http') ? undefined : baseFor(path.split('?')[0]!)), {
          method,
          headers: {
            ...(identity ? { [IDENTITY_HEADER]: signIdentity(secret, identity) } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
          body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        });
      const json = async <T>(
        method: string,
        path: string,
        body?: unknown,
        headers?: Record<string, string>,
      ): Promise<TestResponse<T>> => {
        const response = await request(method, path, body, headers);
        const text = await response.text();
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          // not JSON (an event stream, say): keep the text
        }
        return { status: response.status, body: parsed as T, headers: response.headers };
      };
      return {
        request,
        json,
        get: (path) => json('GET', path),
        post: (path, body) => json('POST', path, body),
        patch: (path, body) => json('PATCH', path, body),
        delete: (path) => json('DELETE', path),
      };
    };

    return {
      database,
      bus,
      config,
      jobs,
      url(name) {
        const url = urls.get(name);
        if (!url) throw new Error(`${name} was not started`);
        return url;
      },
      hero: (userId = randomUUID(), { email = `${userId}@example.com`, isAdmin = false } = {}) => ({
        userId,
        ...caller({ kind: 'hero', userId, email, isAdmin }),
      }),
      admin: (userId = randomUUID()) => ({
        userId,
        ...caller({ kind: 'hero', userId, email: `${userId}@example.com`, isAdmin: true }),
      }),
      service: (name = 'test') => caller({ kind: 'service', service: name }),
      anonymous: () => caller(null),
      async publish(name, payload, actorId = null) {
        const event = createEnvelope(name, payload, actorId);
        fromTest.add(event.id);
        await bus.publish(event as EventEnvelope);
        return event;
      },
      redeliver: (event) => bus.publish(event),
      published,
      publishedOf: <N extends EventName>(name: N) =>
        published.filter((event) => event.name === name) as EventEnvelope<N>[],
      async settled() {
        for (;;) {
          for (const relay of relays) await relay.flush();
          const backlogs = await Promise.all(relays.map((relay) => relay.backlog()));
          if (backlogs.every((n) => n === 0)) return;
        }
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * `startTestModules` for one test file: started in `beforeAll`, closed in `afterAll`. The object is
 * usable at once in the file's scope; its members work inside tests and hooks.
 */
export function useTestModules(
  modules: readonly ServiceModule[],
  options: TestModulesOptions = {},
): TestModules {
  let svc: TestModules | undefined;
  beforeAll(async () => {
    svc = await startTestModules(modules, options);
  });
  afterAll(() => svc?.close());
  const started = (): TestModules => {
    if (!svc)
      throw new Error(`${modules.map((m) => m.name).join(', ')} not started yet (use it inside a test)`);
    return svc;
  };
  return {
    get database() {
      return started().database;
    },
    get bus() {
      return started().bus;
    },
    get config() {
      return started().config;
    },
    get jobs() {
      return started().jobs;
    },
    get published() {
      return started().published;
    },
    url: (name) => started().url(name),
    hero: (userId, heroOptions) => started().hero(userId, heroOptions),
    admin: (userId) => started().admin(userId),
    service: (name) => started().service(name),
    anonymous: () => started().anonymous(),
    publish: (name, payload, actorId) => started().publish(name, payload, actorId),
    redeliver: (event) => started().redeliver(event),
    publishedOf: (name) => started().publishedOf(name),
    settled: () => started().settled(),
    close: () => started().close(),
  };
}
