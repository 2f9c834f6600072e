import { heroExportRoute, type ModuleContext, type ServiceModule } from '@lifequest/platform';
import { clearConfirmedDrafts } from './advisor/plan-confirmed.ts';
import { advisorRoutes } from './advisor/routes.ts';
import { AdvisorService } from './advisor/service.ts';
import { conversationRoutes } from './conversations/routes.ts';
import { ConversationService } from './conversations/service.ts';
import { Conversations } from './conversations/store.ts';
import { type AiDb, type AiEvents, createAiDb } from './db.ts';
import { purgeDeletedHeroes } from './heroes/purge.ts';
import { admitModelCalls } from './metering/admission.ts';
import { Meter } from './metering/meter.ts';
import { loadPriceTable } from './metering/prices.ts';
import type { LlmProvider } from './providers/port.ts';
import { providerRoutes } from './providers/routes.ts';
import { selectProvider } from './providers/select.ts';
import { ReplanChat } from './replan/chat.ts';
import { replanRoutes } from './replan/routes.ts';
import { ReplanService } from './replan/service.ts';
import { dropStoriesOfDeletedGoals } from './stories/goal-deleted.ts';
import { STORY_QUEUE } from './stories/job.ts';
import { storyRoutes } from './stories/routes.ts';
import { StoryService } from './stories/service.ts';
import { startStoryWorker } from './stories/worker.ts';

// What measures the AI budget from outside the service (bench/ai-budget.ts): the meter as the routes use it.
export { createAiDb } from './db.ts';
export { Meter } from './metering/meter.ts';

export interface AiModuleOptions {
  /** Replaces the provider chosen by config (tests use it to slow a provider down or watch it). */
  provider?: (config: ModuleContext['config']) => LlmProvider;
  /** The Pathfinder's clock for the advisor, the chat and re-plans (tests move it). */
  now?: () => Date;
}

interface AiRuntime {
  db: AiDb;
  events: AiEvents;
  provider: LlmProvider;
  meter: Meter;
}

// Target `all` runs setup and the workers in one process: they share one client, outbox relay and meter.
const runtimes = new WeakMap<ModuleContext, AiRuntime>();

function runtimeOf(ctx: ModuleContext, options: AiModuleOptions): AiRuntime {
  const existing = runtimes.get(ctx);
  if (existing) return existing;
  const db = createAiDb(ctx.db);
  ctx.onClose(() => db.$disconnect());
  const events = ctx.events(db);
  const provider = (options.provider ?? selectProvider)(ctx.config);
  const meter = new Meter(ctx.db, events, {
    prices: loadPriceTable(ctx.config.aiPrices),
    dailyBudget: ctx.config.aiDailyTokenBudget,
    ratePerMinute: ctx.config.aiRateLimitPerMinute,
    installationDailyBudget: ctx.config.aiInstallationDailyTokenBudget,
    log: ctx.log,
  });
  ctx.log.info({ provider: provider.name, model: provider.model }, 'The Pathfinder is ready');
  const runtime = { db, events, provider, meter };
  runtimes.set(ctx, runtime);
  return runtime;
}

/** The ai service: The Pathfinder's conversations, the advisor and its drafts, stories, token metering. */
export function createAiModule(options: AiModuleOptions = {}): ServiceModule {
  return {
    name: 'ai',
    port: 8084,
    schema: 'ai',
    migrations: new URL('../prisma/migrations/', import.meta.url),
    routePrefixes: ['/api/ai', '/api/advisor', '/api/plans/draft', '/api/narrative'],
    subscribes: ['user.deleted', 'goal.deleted', 'plan.confirmed'],
    // Stories are BullMQ jobs when distributed: the HTTP target enqueues, the worker target runs them.
    needs: { redis: true },
    worker: { target: 'ai-worker', port: 8086 },

    async setup(app, ctx) {
      const { db, events, provider, meter } = runtimeOf(ctx, options);
      const now = options.now ?? (() => new Date());
      const replans = new ReplanService(events, ctx.services, provider, meter, now);
      const replanChat = new ReplanChat(replans, now);
      const advisor = new AdvisorService(db, events, provider, meter, now, replanChat);
      await purgeDeletedHeroes(events, { queue: ctx.jobs, names: [STORY_QUEUE] });
      await dropStoriesOfDeletedGoals(events);
      await clearConfirmedDrafts(events, advisor);

      admitModelCalls(app, meter);
      conversationRoutes(
        app,
        new ConversationService(provider, meter, new Conversations(ctx.db), now, replanChat),
      );
      advisorRoutes(app, advisor);
      providerRoutes(app, provider);
      // The hero's part of their export: conversations, plans, stories, their own AI usage.
      heroExportRoute(app, ctx.db, 'ai', [
        { table: 'conversations', columns: ['user_id'] },
        { table: 'advisor_messages', columns: ['user_id'] },
        { table: 'plan_drafts', columns: ['user_id'] },
        { table: 'stories', columns: ['user_id'] },
        { table: 'token_usage', columns: ['user_id'] },
      ]);
      replanRoutes(app, replans);
      storyRoutes(
        app,
        new StoryService(db, ctx.jobs, ctx.services, meter, { waitMs: ctx.config.aiStoryWaitMs }),
      );
    },

    // The ai-worker target runs only this, so stories scale apart from the HTTP service.
    async startWorkers(ctx) {
      const { db, events, provider, meter } = runtimeOf(ctx, options);
      await startStoryWorker({
        db,
        events,
        jobs: ctx.jobs,
        services: ctx.services,
        provider,
        meter,
        log: ctx.log,
        concurrency: ctx.config.jobConcurrency,
      });
    },
  };
}

export const aiModule: ServiceModule = createAiModule();

export default aiModule;
