import type { ServiceModule } from '@lifequest/platform';

/**
 * The social service: the Fellowship Hall (feed, rankings, friends, challenges). Its features arrive with
 * their own issues; the module already declares its routes and events, boots and migrates.
 */
export const socialModule: ServiceModule = {
  name: 'social',
  port: 8083,
  schema: 'social',
  migrations: new URL('../prisma/migrations/', import.meta.url),
  routePrefixes: ['/api/social', '/api/friends', '/api/leaderboard', '/api/challenges'],
  subscribes: [],
  async setup() {},
};

export default socialModule;
