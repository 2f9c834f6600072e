import type { ServiceModule } from '@lifequest/platform';
import { CONSUMER, createAdminDb } from './db.ts';
import { deletionRoutes } from './deletions/routes.ts';
import { DELETION_EVENTS, DeletionService, followDeletions } from './deletions/service.ts';
import { followHeroes, HERO_EVENTS } from './heroes/read-model.ts';
import { heroRoutes } from './heroes/routes.ts';
import { AdminUsers } from './heroes/service.ts';
import { jobRoutes } from './jobs/routes.ts';
import { tokenStatsRoutes } from './token-stats/routes.ts';
import { TokenStatsService } from './token-stats/service.ts';
import { followAiUsage } from './token-stats/usage.ts';

export { heroDataHolders } from './deletions/holders.ts';

export interface AdminModuleOptions {
  /**
   * Who must confirm a hero's deletion before it counts as done: auth (user.deleted), every module that
   * purges the hero and the gateway (user.purged). The app's registry works it out from the modules.
   */
  heroDataHolders: readonly string[];
}

/** The admin service: users overview, token and cost stats, permanent deletion of a hero. */
export function createAdminModule(options: AdminModuleOptions): ServiceModule {
  return {
    name: 'admin',
    port: 8085,
    // Running a scheduled job now enqueues it on the queue its service works (Redis when distributed).
    needs: { redis: true },
    schema: 'admin',
    migrations: new URL('../prisma/migrations/', import.meta.url),
    routePrefixes: ['/api/admin'],
    // The gateway refuses heroes who are not admins, and every route here checks again (access: 'admin').
    adminOnly: true,
    subscribes: [...HERO_EVENTS, 'ai.usage.recorded', ...DELETION_EVENTS],
    async setup(app, ctx) {
      const db = createAdminDb(ctx.db);
      ctx.onClose(() => db.$disconnect());
      const events = ctx.events(db);
      await followHeroes(events);
      await followAiUsage(events);
      // Every consumer on the bus is a holder or admin itself: their dead letters about the hero go.
      const consumers = [...new Set([...options.heroDataHolders, CONSUMER])];
      await followDeletions(
        events,
        options.heroDataHolders,
        async (userId) => {
          for (const consumer of consumers) await ctx.bus.forgetDeadLetters(consumer, userId);
        },
        // The hero is purged; an operator can still drop their letters (npm run dlq).
        (userId, error) => ctx.log.warn({ err: error, userId }, 'dead letters of a purged hero not dropped'),
      );

      const { adminEmails } = ctx.config;
      heroRoutes(app, new AdminUsers(db, adminEmails));
      tokenStatsRoutes(app, new TokenStatsService(db));
      deletionRoutes(app, new DeletionService(events, { adminEmails, holders: options.heroDataHolders }));
      jobRoutes(app, { jobs: ctx.jobs, services: ctx.services, log: ctx.log });
    },
  };
}
