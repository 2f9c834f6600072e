import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createHttpServer,
  createLogger,
  type Database,
  IDENTITY_HEADER,
  InProcessEventBus,
  InProcessJobQueue,
  loadConfig,
  type ModuleContext,
  migrate,
  openPglite,
  ServiceDirectory,
  signIdentity,
} from '@lifequest/platform';
import {
  activeClassTitle,
  createEnvelope,
  type EventEnvelope,
  type EventName,
  type EventPayloads,
  type LifeClass,
  lifeLevelForXp,
} from '@lifequest/proto';
import { createSocialDb, type SocialDb } from '../db.ts';
import { createSocialModule } from '../index.ts';

/**
 * The social module alone on PGlite and the in-process bus, serving real HTTP. Tests act as heroes (with
 * the identity the gateway signs) and as auth, quests and ai (publishing their events, redelivering
 * them, choosing when they happened), and read what social publishes.
 */
export interface SocialHarness {
  url: string;
  db: SocialDb;
  /** The clock social runs on: real time unless a test sets it. */
  clock: TestClock;
  /** Every event social published (friend.added, challenge.joined), in order. */
  published: EventEnvelope[];
  /** A hero social knows from user.registered and (unless told otherwise) user.onboarded. */
  newHero(name?: string, options?: { primaryClass?: LifeClass; onboarded?: boolean }): Promise<HeroCaller>;
  /** A hero caller without any event about them. */
  caller(userId?: string, email?: string): HeroCaller;
  /** Publishes another service's event as its relay would; resolves once social has handled it. */
  publish<N extends EventName>(
    name: N,
    payload: EventPayloads[N],
    occurredAt?: Date,
  ): Promise<EventEnvelope<N>>;
  /** Delivers an envelope again, as a broker does after a lost ack. */
  redeliver(event: EventEnvelope): Promise<void>;
  /** Announces new XP totals for a hero, as auth does after each ledger change. */
  setXp(userId: string, totalXP: number): Promise<void>;
  close(): Promise<void>;
}

export interface HeroCaller {
  userId: string;
  email: string;
  name: string;
  json<T = any>(method: string, path: string, body?: unknown): Promise<TestResponse<T>>;
  get<T = any>(path: string): Promise<TestResponse<T>>;
  post<T = any>(path: string, body?: unknown): Promise<TestResponse<T>>;
  patch<T = any>(path: string, body?: unknown): Promise<TestResponse<T>>;
}

export interface TestResponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

export class TestClock {
  #fixed: Date | undefined;

  now = (): Date => (this.#fixed ? new Date(this.#fixed) : new Date());

  set(at: Date | string): void {
    this.#fixed = new Date(at);
  }

  advance(ms: number): void {
    this.#fixed = new Date(this.now().getTime() + ms);
  }

  reset(): void {
    this.#fixed = undefined;
  }
}

export async function startSocialHarness(): Promise<SocialHarness> {
  const secret = randomBytes(32).toString('hex');
  const log = createLogger('silent');
  const closers: (() => Promise<unknown> | unknown)[] = [];
  const close = async () => {
    for (const fn of closers.splice(0).reverse()) {
      try {
        await fn();
      } catch {
        // closing a test harness: keep closing the rest
      }
    }
  };
  const database: Database = await openPglite(undefined);
  closers.push(() => database.close());
  const clock = new TestClock();
  const module = createSocialModule({ now: clock.now });
  await migrate(database, module.schema, module.migrations);

  const config = loadConfig({
    LOG_LEVEL: 'silent',
    LIFEQUEST_DATA_DIR: mkdtempSync(join(tmpdir(), 'lifequest-social-')),
  });
  const bus = new InProcessEventBus({ retry: { attempts: 1 } });
  closers.push(() => bus.close());
  const jobs = new InProcessJobQueue();
  closers.push(() => jobs.close());
  const published: EventEnvelope[] = [];
  await bus.subscribe('probe', ['friend.added', 'challenge.joined'], async (event) => {
    published.push(event);
  });

  const started: (() => Promise<void> | void)[] = [];
  const ctx: ModuleContext = {
    config,
    log,
    db: database,
    bus,
    jobs,
    services: new ServiceDirectory(secret, 'social', {}),
    internalSecret: secret,
    onClose: (fn) => closers.push(fn),
    onStarted: (fn) => started.push(fn),
  };
  const app = await createHttpServer({
    name: 'social',
    logger: log,
    bodyLimitBytes: config.bodyLimitBytes,
    internalSecret: secret,
  });
  try {
    await module.setup(app, ctx);
    for (const fn of started) await fn();
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await close();
    throw error;
  }
  closers.push(() => app.close());
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const db = createSocialDb(database);
  closers.push(() => db.$disconnect());

  const caller = (
    userId: string = randomUUID(),
    email = `${userId}@example.com`,
    name = 'Aria',
  ): HeroCaller => {
    const json = async <T>(method: string, path: string, body?: unknown): Promise<TestResponse<T>> => {
      const res = await fetch(new URL(path, url), {
        method,
        headers: {
          [IDENTITY_HEADER]: signIdentity(secret, { kind: 'hero', userId, email, isAdmin: false }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
    };
    return {
      userId,
      email,
      name,
      json,
      get: (path) => json('GET', path),
      post: (path, body) => json('POST', path, body),
      patch: (path, body) => json('PATCH', path, body),
    };
  };

  const publish = async <N extends EventName>(name: N, payload: EventPayloads[N], occurredAt?: Date) => {
    const actor = (payload as { userId?: string }).userId ?? null;
    const event = createEnvelope(name, payload, actor, occurredAt ?? clock.now());
    await bus.publish(event as EventEnvelope);
    return event;
  };
  const xpVersions = new Map<string, number>();

  return {
    url,
    db,
    clock,
    published,
    caller: (userId, email) => caller(userId, email),
    async newHero(name = 'Aria', { primaryClass = 'general', onboarded = true } = {}) {
      const hero = caller(randomUUID(), `${name.toLowerCase()}-${randomUUID()}@example.com`, name);
      const title = activeClassTitle(primaryClass);
      await publish('user.registered', {
        userId: hero.userId,
        email: hero.email,
        name,
        primaryClass,
        activeClassTitle: title,
        createdAt: clock.now().toISOString(),
      });
      if (onboarded) {
        await publish('user.onboarded', { userId: hero.userId, name, primaryClass, activeClassTitle: title });
      }
      return hero;
    },
    publish,
    redeliver: (event) => bus.publish(event),
    async setXp(userId, totalXP) {
      const xpVersion = (xpVersions.get(userId) ?? 0) + 1;
      xpVersions.set(userId, xpVersion);
      await publish('user.xp_changed', { userId, totalXP, lifeLevel: lifeLevelForXp(totalXP), xpVersion });
    },
    close,
  };
}
