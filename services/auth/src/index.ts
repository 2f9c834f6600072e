import type { ServiceModule } from '@lifequest/platform';
import { createAuthDb } from './db.ts';
import { heroRoutes } from './heroes/routes.ts';
import { HeroService } from './heroes/service.ts';

export const authModule: ServiceModule = {
  name: 'auth',
  schema: 'auth',
  migrations: new URL('../prisma/migrations/', import.meta.url),
  async setup(app, ctx) {
    const db = createAuthDb(ctx.db);
    ctx.onClose(() => db.$disconnect());
    const heroes = new HeroService(db, ctx.config.adminEmails, {
      // Wired to the outbox by the events issue; the port keeps service code unaware of the transport.
      registered: async () => {},
      onboarded: async () => {},
    });
    heroRoutes(app, heroes);
  },
};

export default authModule;
