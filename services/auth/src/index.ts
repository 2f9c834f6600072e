import { createServiceEvents, type ServiceModule } from '@lifequest/platform';
import { createAuthDb } from './db.ts';
import { ensureAdminAccounts } from './heroes/admin-accounts.ts';
import { heroEvents } from './heroes/events.ts';
import { firstQuestsOverHttp } from './heroes/first-quests.ts';
import { heroRoutes } from './heroes/routes.ts';
import { HeroService } from './heroes/service.ts';
import { consumeXpEvents } from './xp/consumer.ts';
import { XpProjectionService } from './xp/projection.ts';
import { xpRoutes } from './xp/routes.ts';

export const authModule: ServiceModule = {
  name: 'auth',
  schema: 'auth',
  migrations: new URL('../prisma/migrations/', import.meta.url),
  async setup(app, ctx) {
    const db = createAuthDb(ctx.db);
    ctx.onClose(() => db.$disconnect());
    const events = createServiceEvents({ schema: 'auth', prisma: db, bus: ctx.bus, log: ctx.log });
    await consumeXpEvents(events);
    ctx.onStarted(() => events.start());
    // Registered after the client, so it runs before it on shutdown (onClose runs in reverse).
    ctx.onClose(() => events.stop());

    const heroes = new HeroService(
      db,
      ctx.config.adminEmails,
      heroEvents(events),
      firstQuestsOverHttp(ctx.services),
    );
    await ensureAdminAccounts(heroes, {
      adminEmails: ctx.config.adminEmails,
      adminPassword: ctx.config.adminPassword,
      dataDir: ctx.config.dataDir,
      log: ctx.log,
    });
    heroRoutes(app, heroes);
    xpRoutes(app, new XpProjectionService(db));
  },
};

export default authModule;
