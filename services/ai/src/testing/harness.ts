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
import {
  type CreatedGoal,
  createEnvelope,
  type EventEnvelope,
  type EventName,
  type EventPayloads,
  type Foundation,
} from '@lifequest/proto';
// The real quests service, through its package's public entry, so the story worker reads real achievements.
import { questsModule } from '@lifequest/quests';
import { type AiDb, createAiDb } from '../db.ts';
import { type AiModuleOptions, createAiModule } from '../index.ts';

/** A quest to set up for a hero: made through quests' own API, and completed unless told otherwise. */
export interface QuestSeed {
  title: string;
  foundation?: Foundation | null;
  /** Milestone titles; none gives the quest quests' fallback plan. */
  milestones?: string[];
  /** Completes every milestone, and with the last one the quest. Default true. */
  completed?: boolean;
}

/**
 * The ai module on PGlite, the in-process bus and the in-process job queue, serving real HTTP, with the
 * quests module beside it on the same database and bus, and a stub auth that knows heroes' names.
 * Tests act as a hero (a gateway-signed identity) and as the other services (publishing their events).
 */
export interface AiHarness {
  url: string;
  db: AiDb;
  /** Sets up a quest of the hero's through quests' API (POST /api/goals, foundation, toggles). */
  quest(userId: string, seed: QuestSeed): Promise<CreatedGoal>;
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
  await migrate(database, questsModule.schema, questsModule.migrations);

  const questsApp = await createHttpServer({
    name: 'quests',
    logger: log,
    bodyLimitBytes: 65_536,
    internalSecret: secret,
  });
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
  const authUrl = await listen(authApp);
  closers.push(() => authApp.close());

  const config = loadConfig({
    LOG_LEVEL: 'silent',
    LIFEQUEST_DATA_DIR: mkdtempSync(join(tmpdir(), 'lifequest-ai-')),
    // Tests ask the Pathfinder far more often than a hero would; the rate has its own test.
    AI_RATE_LIMIT_PER_MINUTE: '10000',
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

  const started: (() => Promise<void> | void)[] = [];
  const moduleClosers: (() => Promise<void> | void)[] = [];
  const contextOf = (name: string, urls: Record<string, string>): ModuleContext => ({
    config,
    log,
    db: database,
    bus,
    jobs,
    services: new ServiceDirectory(secret, name, urls),
    internalSecret: secret,
    onClose: (fn) => moduleClosers.push(fn),
    onStarted: (fn) => started.push(fn),
  });
  // Routes are added before a server listens, so quests is set up first and ai learns its address.
  await questsModule.setup(questsApp, contextOf('quests', { auth: authUrl }));
  const questsUrl = await listen(questsApp);
  closers.push(() => questsApp.close());

  const module = createAiModule(options);
  await migrate(database, module.schema, module.migrations);
  const ctx = contextOf('ai', { quests: questsUrl, auth: authUrl });
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

  /** A request to `base` as the hero, with the identity the gateway would sign. */
  const asHero =
    (base: string, userId: string) =>
    (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      fetch(new URL(path, base), {
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
    url,
    db,
    published,
    async quest(userId, { title, foundation = null, milestones = [], completed = true }) {
      const quests = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
        const res = await asHero(questsUrl, userId)(method, path, body);
        const text = await res.text();
        if (!res.ok) throw new Error(`quests ${method} ${path}: ${res.status} ${text}`);
        return JSON.parse(text) as T;
      };
      const goal = await quests<CreatedGoal>('POST', '/api/goals', {
        title,
        milestones: milestones.length > 0 ? milestones : undefined,
      });
      if (foundation) await quests('PATCH', `/api/goals/${goal.id}/foundation`, { foundation });
      if (completed) {
        for (const milestone of goal.milestones) {
          await quests('POST', `/api/milestones/${milestone.id}/toggle`);
        }
      }
      return goal;
    },
    hero(userId = randomUUID(), name = 'Aria') {
      names.set(userId, name);
      const request = asHero(url, userId);
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
