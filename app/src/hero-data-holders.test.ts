import { heroDataHolders } from '@lifequest/admin';
import { startTestModules } from '@lifequest/platform/testing';
import { describe, expect, it } from 'vitest';
import { registry } from './registry.ts';

// The admin waits for every holder of a hero's data to confirm their deletion; a module that purges
// heroes without confirming would leave every deletion 'in progress' for ever.
const holders = registry.modules.filter((m) => m.name !== 'admin' && heroDataHolders([m]).includes(m.name));

describe('every module that keeps hero data confirms their purge', () => {
  it('they are auth, quests, social and ai', () => {
    expect(holders.map((m) => m.name).sort()).toEqual(['ai', 'auth', 'quests', 'social']);
  });

  it.each(holders.map((m) => [m.name, m] as const))('%s', async (_name, module) => {
    const svc = await startTestModules([module]);
    try {
      const userId = crypto.randomUUID();
      if (module.subscribes.includes('user.deletion_requested')) {
        await svc.publish('user.deletion_requested', { userId, requestedBy: crypto.randomUUID() });
        await svc.settled();
        expect(svc.publishedOf('user.deleted').map((e) => e.payload)).toEqual([{ userId }]);
      } else {
        await svc.publish('user.deleted', { userId });
        await svc.settled();
        expect(svc.publishedOf('user.purged').map((e) => e.payload)).toEqual([
          { userId, service: module.name },
        ]);
      }
    } finally {
      await svc.close();
    }
  });
});
