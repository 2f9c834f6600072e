import type { ServiceModule } from '@lifequest/platform';

/**
 * The admin service: users and what the AI costs. Its features arrive with their own issues; the module
 * already declares its routes (admins only, checked at the gateway and again by each route's
 * `access: 'admin'`), boots and migrates.
 */
export const adminModule: ServiceModule = {
  name: 'admin',
  port: 8085,
  schema: 'admin',
  migrations: new URL('../prisma/migrations/', import.meta.url),
  routePrefixes: ['/api/admin'],
  adminOnly: true,
  subscribes: [],
  async setup() {},
};

export default adminModule;
