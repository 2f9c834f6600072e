import { jobRuns, type ServiceModule, scheduleJob } from '@lifequest/platform';
import { ScheduledJobData, TransferJobData } from '@lifequest/proto';
import { achievementRoutes } from './achievements/routes.ts';
import { calendarRoutes } from './calendar/routes.ts';
import { CalendarService } from './calendar/service.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { DashboardService } from './dashboard/service.ts';
import { createQuestsDb } from './db.ts';
import { foundationRoutes } from './foundations/routes.ts';
import { FoundationService } from './foundations/service.ts';
import { goalRoutes } from './goals/routes.ts';
import { GoalService } from './goals/service.ts';
import { purgeDeletedHeroes } from './heroes/purge.ts';
import { milestoneRoutes } from './milestones/routes.ts';
import { MilestoneService } from './milestones/service.ts';
import { onboardingRoutes } from './onboarding/routes.ts';
import { OnboardingQuestService } from './onboarding/service.ts';
import { replanSourceRoutes } from './plans/replan-source.ts';
import { planRoutes } from './plans/routes.ts';
import { PlanService } from './plans/service.ts';
import { progressRoutes } from './progress/routes.ts';
import { ProgressService } from './progress/service.ts';
import { WEEKLY_REVIEW, WEEKLY_REVIEW_EVERY_MS, weeklyReview } from './review/weekly-review.ts';
import { followHeroZones, ZONE_EVENTS } from './review/zones.ts';
import { skillTreeRoutes } from './skill-tree/routes.ts';
import { SkillTreeService } from './skill-tree/service.ts';
import { IMPORT_QUEUE, ImportService } from './transfers/import.ts';
import { exportRoutes, importRoutes } from './transfers/routes.ts';
import {
  EXPORT_QUEUE,
  ExportService,
  TRANSFER_EXPIRY,
  TRANSFER_EXPIRY_EVERY_MS,
} from './transfers/service.ts';
import { authXpLedger } from './xp/xp-projection.ts';

export interface QuestsModuleOptions {
  /** The clock of goals, milestones, plans and the weekly review (tests move it). */
  now?: () => Date;
}

/** The quests service: goals, milestones, progress, dashboard, foundations, skill tree, plan confirmation. */
export function createQuestsModule(options: QuestsModuleOptions = {}): ServiceModule {
  const now = options.now ?? (() => new Date());
  return {
    name: 'quests',
    port: 8082,
    // Its scheduled job's queue (weekly-review) is shared by every replica when distributed.
    needs: { redis: true },
    schema: 'quests',
    migrations: new URL('../prisma/migrations/', import.meta.url),
    routePrefixes: [
      '/api/goals',
      '/api/milestones',
      '/api/progress',
      '/api/dashboard',
      '/api/plans/confirm',
      '/api/skill-tree',
      '/api/calendar',
      '/api/export',
      '/api/import',
    ],
    // The calendar feed: its address is its secret, so a calendar app reaches it without a session.
    publicRoutePrefixes: ['/api/calendar/feed'],
    subscribes: ['user.deleted', ...ZONE_EVENTS],
    async setup(app, ctx) {
      const db = createQuestsDb(ctx.db);
      ctx.onClose(() => db.$disconnect());
      const events = ctx.events(db);
      await purgeDeletedHeroes(events, { queue: ctx.jobs, names: [EXPORT_QUEUE, IMPORT_QUEUE] });
      await followHeroZones(events);

      goalRoutes(app, new GoalService(db, events, now));
      foundationRoutes(app, new FoundationService(db));
      milestoneRoutes(app, new MilestoneService(db, events, authXpLedger(ctx.services, ctx.log), now));
      progressRoutes(app, new ProgressService(db, events));
      dashboardRoutes(app, new DashboardService(ctx.db));
      planRoutes(app, new PlanService(db, events, now));
      skillTreeRoutes(app, new SkillTreeService(db));
      onboardingRoutes(app, new OnboardingQuestService(db, events));
      achievementRoutes(app, db);
      replanSourceRoutes(app, db);
      calendarRoutes(app, new CalendarService(db));
      // Exports are jobs (the queue, not the request): every replica works them, as the scheduled jobs.
      const exports = new ExportService(db, ctx.db, ctx.jobs, ctx.services, now, ctx.log);
      exportRoutes(app, exports);
      await ctx.jobs.work(EXPORT_QUEUE, TransferJobData, (data) => exports.run(data));
      const imports = new ImportService(db, ctx.jobs, now, ctx.log);
      await importRoutes(app, imports);
      await ctx.jobs.work(IMPORT_QUEUE, TransferJobData, (data) => imports.run(data));
      await scheduleJob(
        ctx.jobs,
        ctx.db,
        'quests',
        {
          name: TRANSFER_EXPIRY,
          schema: ScheduledJobData,
          everyMs: TRANSFER_EXPIRY_EVERY_MS,
          tick: { requestedBy: null },
          run: () => exports.sweep(),
        },
        ctx.log,
      );

      await scheduleJob(
        ctx.jobs,
        ctx.db,
        'quests',
        {
          name: WEEKLY_REVIEW,
          schema: ScheduledJobData,
          everyMs: WEEKLY_REVIEW_EVERY_MS,
          tick: { requestedBy: null },
          run: (data) => weeklyReview(events, now(), data),
        },
        ctx.log,
      );
      // The admin panel's jobs table reads the last run from here.
      app.get('/internal/quests/jobs', { config: { access: 'service' } }, async () =>
        jobRuns(ctx.db, 'quests', [WEEKLY_REVIEW, TRANSFER_EXPIRY]),
      );
    },
  };
}

export const questsModule: ServiceModule = createQuestsModule();

export default questsModule;
