import { adminModule } from '@lifequest/admin';
import { aiModule } from '@lifequest/ai';
import { authModule } from '@lifequest/auth';
import { startGateway } from '@lifequest/gateway';
import type { Registry } from '@lifequest/platform';
import { questsModule } from '@lifequest/quests';
import { socialModule } from '@lifequest/social';

/**
 * What LifeQuest is made of: the only place that names every service module and the gateway. Each
 * module declares its own port, targets, needs, route prefixes and events; the platform reads those.
 */
export const registry: Registry = {
  modules: [authModule, questsModule, socialModule, aiModule, adminModule],
  gateway: startGateway,
};
