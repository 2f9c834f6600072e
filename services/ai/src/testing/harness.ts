import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createHttpServer,
  createLogger,
  type Database,
  type HttpServer,
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
import { createEnvelope, type EventEnvelope, type EventName, type EventPayloads } from '@lifequest/proto';
// The quests side of the achievements route, to test the worker against the real thing.
import { achievementRoutes } from '../../../quests/src/achievements/routes.ts';
import { createQuestsDb, type QuestsDb } from '../../../quests/src/db.ts';
import { type AiDb, createAiDb } from '../db.ts';
import { type AiModuleOptions, createAiModule } from '../index.ts';

/**
 * The ai module on PGlite, the in-process bus and the in-process job queue, serving real HTTP, with
 * quests' achievements route beside it on the same database and a stub auth that knows heroes' names.
 * Tests act as a hero (a gateway-signed identity) and as the other services (publishing their events).
 */
export interface AiHarness {
  url: string;
  db: AiDb;
  quests: QuestsDb;
  /** Every event the ai service published, in order. */
  published: EventEnvelope[];
  hero(userId?: string, name?: string): HeroCaller;
  /** Publishes another service's event and resolves once ai has handled it. */
  deliver<N extends EventName>(name: N, payload: EventPayloads[N]): Promise<void>;
  close(): Promise<void>;
}

export interface HeroCaller {
  userId: string;
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  json<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

const PUBLISHED: EventName[] = ['ai.usage.recorded', 'story.generated', 'plan.drafted'];

export async function startAiHarness(
  env: Record<string, string> = {},
  options: AiModuleOptions = {},
): Promise<AiHarness> {
  const secret = randomBytes(32).toString('hex');
  const log = createLogger('silent');
  const closers: (() => Promise<unknown> | unknown)[] = [];
  const database: Database = await openPglite(undefined);
  closers.push(() => database.close());
  await migrate(database, 'quests', new URL('../../../quests/prisma/migrations/', import.meta.url));

  const quests = createQuestsDb(database);
  closers.push(() => quests.$disconnect());
  const questsApp = await createHttpServer({
    name: 'quests',
    logger: log,
    bodyLimitBytes: 65_536,
    internalSecret: secret,
  });
  achievementRoutes(questsApp, quests);
  const names = new Map<string, string>();
  const authApp = await createHttpServer({
    name: 'auth',
    logger: log,
    bodyLimitBytes: 65_536,
    internalSecret: secret,
  });
  authApp.get('/internal/auth/users/:id', async (request, reply) => {
    const name = names.get((request.params as { id: string }).id);
    return name
      ? { user: { name } }
      : reply.code(404).send({ error: 'Hero not found', message: 'no', code: 'USER_NOT_FOUND' });
  });
  const questsUrl = await listen(questsApp);
  const authUrl = await listen(authApp);
  closers.push(
    () => questsApp.close(),
    () => authApp.close(),
  );

  const config = loadConfig({
    LOG_LEVEL: 'silent',
    LIFEQUEST_DATA_DIR: mkdtempSync(join(tmpdir(), 'lifequest-ai-')),
    ...env,
  });
  const bus = new InProcessEventBus({ retry: { attempts: 1 } });
  const jobs = new InProcessJobQueue({ backoffMs: 10, concurrency: 2 });
  closers.push(() => bus.close());
  closers.push(() => jobs.close());
  const published: EventEnvelope[] = [];
  await bus.subscribe('probe', PUBLISHED, async (event) => {
    published.push(event);
  });

  const module = createAiModule(options);
  await migrate(database, module.schema, module.migrations);
  const started: (() => Promise<void> | void)[] = [];
  const moduleClosers: (() => Promise<void> | void)[] = [];
  const ctx: ModuleContext = {
    config,
    log,
    db: database,
    bus,
    jobs,
    services: new ServiceDirectory(secret, 'ai', { quests: questsUrl, auth: authUrl }),
    internalSecret: secret,
    onClose: (fn) => moduleClosers.push(fn),
    onStarted: (fn) => started.push(fn),
  };
  const app = await createHttpServer({
    name: 'ai',
    logger: log,
    bodyLimitBytes: config.bodyLimitBytes,
    internalSecret: secret,
  });
  await module.setup(app, ctx);
  await module.startWorkers?.(ctx);
  for (const fn of started) await fn();
  const url = await listen(app);
  closers.push(async () => {
    await app.close();
    for (const fn of moduleClosers.reverse()) await fn();
  });

  const db = createAiDb(database);
  closers.push(() => db.$disconnect());

  return {
    url,
    db,
    quests,
    published,
    hero(userId = randomUUID(), name = 'Aria') {
      names.set(userId, name);
      const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
        fetch(new URL(path, url), {
          method,
          headers: {
            [IDENTITY_HEADER]: signIdentity(secret, {
              kind: 'hero',
              userId,
              email: `${userId}@example.com`,
              isAdmin: false,
            }),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      return {
        userId,
        request,
        async json(method, path, body) {
          const res = await request(method, path, body);
          const text = await res.text();
          return { status: res.status, body: text ? JSON.parse(text) : undefined };
        },
      };
    },
    async deliver(name, payload) {
      await bus.publish(createEnvelope(name, payload, null) as EventEnvelope);
    },
    async close() {
      for (const fn of closers.reverse()) {
        try {
          await fn();
        } catch {
          // closing a test harness: keep closing the rest
        }
      }
    },
  };
}

async function listen(app: HttpServer): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}
