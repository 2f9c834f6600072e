import type { ServiceModule } from '@lifequest/platform';

/** The admin service. Its features arrive with their own issues; the module already boots and migrates. */
export const adminModule: ServiceModule = {
  name: 'admin',
  schema: 'admin',
  migrations: new URL('../prisma/migrations/', import.meta.url),
  async setup() {},
};
