import { heroExportRoute, type ServiceModule } from '@lifequest/platform';
import { createAuthDb } from './db.ts';
import { ensureAdminAccounts } from './heroes/admin-accounts.ts';
import { DELETION_EVENTS, deleteHeroesOnRequest } from './heroes/deletion.ts';
import { firstQuestsOverHttp } from './heroes/first-quests.ts';
import { heroRoutes } from './heroes/routes.ts';
import { SelfDeletion, selfDeletionRoutes } from './heroes/self-deletion.ts';
import { HeroService } from './heroes/service.ts';
import { consumeXpEvents, XP_EVENTS } from './xp/consumer.ts';
import { XpHistoryService, xpHistoryRoutes } from './xp/history.ts';
import { XpProjectionService } from './xp/projection.ts';
import { xpRoutes } from './xp/routes.ts';

/** The auth service: heroes, their credentials, and the XP ledger fed by quests' events. */
export const authModule: ServiceModule = {
  name: 'auth',
  port: 8081,
  schema: 'auth',
  migrations: new URL('../prisma/migrations/', import.meta.url),
  routePrefixes: ['/api/auth', '/api/xp'],
  subscribes: [...XP_EVENTS, ...DELETION_EVENTS],
  async setup(app, ctx) {
    const db = createAuthDb(ctx.db);
    ctx.onClose(() => db.$disconnect());
    const events = ctx.events(db);
    await consumeXpEvents(events);
    await deleteHeroesOnRequest(events);

    const heroes = new HeroService(
      db,
      ctx.config.adminEmails,
      events,
      firstQuestsOverHttp(ctx.services),
      ctx.db,
    );
    await ensureAdminAccounts(heroes, {
      adminEmails: ctx.config.adminEmails,
      adminPassword: ctx.config.adminPassword,
      dataDir: ctx.config.dataDir,
      log: ctx.log,
    });
    heroRoutes(app, heroes);
    selfDeletionRoutes(app, new SelfDeletion(db, events, ctx.config.adminEmails));
    xpRoutes(app, new XpProjectionService(ctx.db, events));
    xpHistoryRoutes(app, new XpHistoryService(ctx.db));
    // The hero's profile and XP ledger for their export; never the password's hash.
    heroExportRoute(app, ctx.db, 'auth', [
      { table: 'users', columns: ['id'] },
      { table: 'xp_ledger', columns: ['user_id'] },
    ]);
  },
};

export default authModule;
