import type { ServiceModule } from '@lifequest/platform';

/** The quests service. Its features arrive with their own issues; the module already boots and migrates. */
export const questsModule: ServiceModule = {
  name: 'quests',
  schema: 'quests',
  migrations: new URL('../prisma/migrations/', import.meta.url),
  async setup() {},
};
