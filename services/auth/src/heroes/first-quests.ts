import type { ServiceDirectory } from '@lifequest/platform';
import type { OnboardingQuestBody } from '@lifequest/proto';
import type { FirstQuests } from './service.ts';

/** The first quest is made by quests' internal route; a quests outage surfaces as 503. */
export function firstQuestsOverHttp(services: ServiceDirectory): FirstQuests {
  return {
    async create(userId, firstGoal) {
      const body: OnboardingQuestBody = { userId, firstGoal };
      await services.call('quests', 'POST', '/internal/quests/onboarding-quest', body);
    },
  };
}
