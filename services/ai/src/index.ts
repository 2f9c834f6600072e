import type { ServiceModule } from '@lifequest/platform';

/** The ai service. Its features arrive with their own issues; the module already boots and migrates. */
export const aiModule: ServiceModule = {
  name: 'ai',
  schema: 'ai',
  migrations: new URL('../prisma/migrations/', import.meta.url),
  async setup() {},
};
