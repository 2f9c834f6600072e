import type { ServiceModule } from '@lifequest/platform';

/**
 * Who holds a hero's data, and so must confirm their deletion before it counts as done: every module
 * that consumes user.deletion_requested (auth: it deletes the hero and confirms with user.deleted) or
 * user.deleted (it purges its own rows and confirms with user.purged), and the gateway, whose sessions
 * of the hero end (user.purged too).
 */
export function heroDataHolders(modules: readonly Pick<ServiceModule, 'name' | 'subscribes'>[]): string[] {
  const holders = modules.filter(
    (m) => m.subscribes.includes('user.deletion_requested') || m.subscribes.includes('user.deleted'),
  );
  return [...holders.map((m) => m.name), 'gateway'];
}
