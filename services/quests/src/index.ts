import type { ServiceModule } from '@lifequest/platform';
import { achievementRoutes } from './achievements/routes.ts';
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
import { skillTreeRoutes } from './skill-tree/routes.ts';
import { SkillTreeService } from './skill-tree/service.ts';
import { authXpLedger } from './xp/xp-projection.ts';

export interface QuestsModuleOptions {
  /** The clock of goals, milestones and plans (tests move it to make milestones overdue). */
  now?: () => Date;
}

/** The quests service: goals, milestones, progress, dashboard, foundations, skill tree, plan confirmation. */
export function createQuestsModule(options: QuestsModuleOptions = {}): ServiceModule {
  const now = options.now ?? (() => new Date());
  return {
    name: 'quests',
    port: 8082,
    schema: 'quests',
    migrations: new URL('../prisma/migrations/', import.meta.url),
    routePrefixes: [
      '/api/goals',
      '/api/milestones',
      '/api/progress',
      '/api/dashboard',
      '/api/plans/confirm',
      '/api/skill-tree',
    ],
    subscribes: ['user.deleted'],
    async setup(app, ctx) {
      const db = createQuestsDb(ctx.db);
      ctx.onClose(() => db.$disconnect());
      const events = ctx.events(db);
      await purgeDeletedHeroes(events);

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
    },
  };
}

export const questsModule: ServiceModule = createQuestsModule();

export default questsModule;
