import { createAdminModule, heroDataHolders } from '@lifequest/admin';
import { aiModule } from '@lifequest/ai';
import { authModule } from '@lifequest/auth';
import { startGateway } from '@lifequest/gateway';
import type { Registry } from '@lifequest/platform';
import { questsModule } from '@lifequest/quests';
import { socialModule } from '@lifequest/social';

/** The modules that keep heroes' data; the admin module tracks a deletion until each has purged it. */
const heroModules = [authModule, questsModule, socialModule, aiModule];

/**
 * What LifeQuest is made of: the only place that names every service module and the gateway. Each
 * module declares its own port, targets, needs, route prefixes and events; the platform reads those.
 */
export const registry: Registry = {
  modules: [...heroModules, createAdminModule({ heroDataHolders: heroDataHolders(heroModules) })],
  gateway: startGateway,
};
