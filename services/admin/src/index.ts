import { createServiceEvents, type HttpServer, requireAdmin, type ServiceModule } from '@lifequest/platform';
import { HERO_DATA_HOLDERS } from '@lifequest/proto';
import { createAdminDb } from './db.ts';
import { deletionRoutes } from './deletions/routes.ts';
import { DeletionService, followDeletions } from './deletions/service.ts';
import { followHeroes } from './heroes/read-model.ts';
import { heroRoutes } from './heroes/routes.ts';
import { AdminUsers } from './heroes/service.ts';
import { tokenStatsRoutes } from './token-stats/routes.ts';
import { TokenStatsService } from './token-stats/service.ts';
import { followAiUsage } from './token-stats/usage.ts';

/** The admin service: users overview, token and cost stats, permanent deletion of a hero. */
export const adminModule: ServiceModule = {
  name: 'admin',
  schema: 'admin',
  migrations: new URL('../prisma/migrations/', import.meta.url),
  async setup(app, ctx) {
    const db = createAdminDb(ctx.db);
    ctx.onClose(() => db.$disconnect());
    const events = createServiceEvents({ schema: 'admin', prisma: db, bus: ctx.bus, log: ctx.log });
    await followHeroes(events);
    await followAiUsage(events);
    await followDeletions(events);
    ctx.onStarted(() => events.start());
    // Registered after the client, so it runs before it on shutdown (onClose runs in reverse).
    ctx.onClose(() => events.stop());

    const { adminEmails } = ctx.config;
    // Admins only, checked here again (the gateway checks too) before anything else about the request.
    await app.register(async (admin: HttpServer) => {
      admin.addHook('onRequest', async (request) => void requireAdmin(request));
      heroRoutes(admin, new AdminUsers(db, adminEmails));
      tokenStatsRoutes(admin, new TokenStatsService(db));
      deletionRoutes(admin, new DeletionService(db, events, { adminEmails, holders: HERO_DATA_HOLDERS }));
    });
  },
};

export default adminModule;
