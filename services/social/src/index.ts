import type { ServiceModule } from '@lifequest/platform';

/** The social service. Its features arrive with their own issues; the module already boots and migrates. */
export const socialModule: ServiceModule = {
  name: 'social',
  schema: 'social',
  migrations: new URL('../prisma/migrations/', import.meta.url),
  async setup() {},
};
