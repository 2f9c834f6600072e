import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createHttpServer,
  createLogger,
  IDENTITY_HEADER,
  type Identity,
  InProcessEventBus,
  InProcessJobQueue,
  loadConfig,
  type ModuleContext,
  migrate,
  openPglite,
  ServiceDirectory,
  signIdentity,
} from '@lifequest/platform';
import { createEnvelope, type EventEnvelope, type EventName, type EventPayloads } from '@lifequest/proto';
import { adminModule } from '../index.ts';

export const ADMIN_EMAIL = 'admin@lifequest.local';

export interface Answer<T = any> {
  status: number;
  body: T;
}

export interface Caller {
  readonly userId: string;
  get<T = any>(path: string): Promise<Answer<T>>;
  delete<T = any>(path: string): Promise<Answer<T>>;
}

/**
 * The admin module alone on PGlite and the in-process bus, serving HTTP: a test calls it as an admin,
 * a hero or nobody (signed identities, as the gateway sends them), delivers the events auth, quests
 * and ai would publish, and reads what admin publishes.
 */
export interface AdminHarness {
  admin(userId?: string): Caller;
  hero(userId?: string): Caller;
  anonymous(): Caller;
  /** Delivers an event as its publisher's relay would; resolves once admin has handled it. */
  publish<N extends EventName>(
    name: N,
    payload: EventPayloads[N],
    options?: { occurredAt?: Date },
  ): Promise<EventEnvelope<N>>;
  /** Delivers an envelope again, as a broker does after a lost ack. */
  redeliver(event: EventEnvelope): Promise<void>;
  /** user.deletion_requested events admin has published (complete after `settled`). */
  published: EventEnvelope[];
  /** Waits until admin's outbox is published. */
  settled(): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function startAdminHarness(): Promise<AdminHarness> {
  const secret = randomBytes(32).toString('hex');
  const log = createLogger('silent');
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    ADMIN_EMAILS: ADMIN_EMAIL,
    LIFEQUEST_DATA_DIR: mkdtempSync(join(tmpdir(), 'lifequest-admin-')),
  });
  const database = await openPglite(undefined);
  await migrate(database, 'admin', adminModule.migrations);
  const bus = new InProcessEventBus({ retry: { attempts: 1 } });
  const jobs = new InProcessJobQueue();
  const closers: (() => Promise<void> | void)[] = [];
  const started: (() => Promise<void> | void)[] = [];
  const app = await createHttpServer({
    name: 'admin',
    logger: log,
    bodyLimitBytes: config.bodyLimitBytes,
    internalSecret: secret,
  });
  const ctx: ModuleContext = {
    config,
    log,
    db: database,
    bus,
    jobs,
    services: new ServiceDirectory(secret, 'admin'),
    internalSecret: secret,
    onClose: (fn) => closers.push(fn),
    onStarted: (fn) => started.push(fn),
  };
  await adminModule.setup(app, ctx);
  const published: EventEnvelope[] = [];
  await bus.subscribe('listener', ['user.deletion_requested'], async (event) => {
    published.push(event);
  });
  for (const fn of started) await fn();
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('admin is not listening');
  const url = `http://127.0.0.1:${address.port}`;

  const caller = (userId: string, identity: Identity | null): Caller => {
    const call = async (method: string, path: string) => {
      const headers: Record<string, string> = identity
        ? { [IDENTITY_HEADER]: signIdentity(secret, identity) }
        : {};
      const response = await fetch(new URL(path, url), { method, headers });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    };
    return { userId, get: (path) => call('GET', path), delete: (path) => call('DELETE', path) };
  };
  const hero =
    (isAdmin: boolean) =>
    (userId: string = crypto.randomUUID()) =>
      caller(userId, {
        kind: 'hero',
        userId,
        email: isAdmin ? ADMIN_EMAIL : `${userId}@example.com`,
        isAdmin,
      });

  return {
    admin: hero(true),
    hero: hero(false),
    anonymous: () => caller('', null),
    async publish(name, payload, options = {}) {
      const actor = 'userId' in payload && typeof payload.userId === 'string' ? payload.userId : null;
      const event = createEnvelope(name, payload, actor, options.occurredAt);
      await bus.publish(event as EventEnvelope);
      return event;
    },
    redeliver: (event) => bus.publish(event),
    published,
    async settled() {
      for (let i = 0; i < 200; i++) {
        const [row] = await database.query<{ n: number }>(
          'select count(*)::int as n from admin._outbox where published_at is null',
        );
        if (row?.n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('admin never published its outbox');
    },
    query: (sql, params) => database.query(sql, params),
    async close() {
      await app.close();
      for (const fn of closers.splice(0).reverse()) await fn();
      await bus.close();
      await jobs.close();
      await database.close();
    },
  };
}

/** Publishes auth's user.registered for a new hero; returns their id and e-mail. */
export async function registerHero(
  h: AdminHarness,
  name: string,
  options: { email?: string; createdAt?: Date } = {},
): Promise<{ id: string; email: string; name: string }> {
  const id = crypto.randomUUID();
  const email = options.email ?? `${name.toLowerCase()}-${id}@example.com`;
  await h.publish('user.registered', {
    userId: id,
    email,
    name,
    primaryClass: 'general',
    activeClassTitle: 'Adventurer',
    createdAt: (options.createdAt ?? new Date()).toISOString(),
  });
  return { id, email, name };
}

/** Publishes ai's ai.usage.recorded for one model call. */
export function recordUsage(
  h: AdminHarness,
  userId: string | null,
  usage: { endpoint?: string; model?: string; tokens?: number; cost?: number; at?: Date } = {},
): Promise<EventEnvelope<'ai.usage.recorded'>> {
  const tokens = usage.tokens ?? 100;
  return h.publish('ai.usage.recorded', {
    usageId: crypto.randomUUID(),
    userId,
    endpoint: usage.endpoint ?? 'pathfinder-conversation',
    model: usage.model ?? 'gpt-4o-mini',
    promptTokens: Math.floor(tokens / 2),
    completionTokens: tokens - Math.floor(tokens / 2),
    totalTokens: tokens,
    costUsd: usage.cost ?? 0.001,
    recordedAt: (usage.at ?? new Date()).toISOString(),
  });
}
