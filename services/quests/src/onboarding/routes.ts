import type { HttpServer } from '@lifequest/platform';
import { OnboardingQuestAnswer, OnboardingQuestBody } from '@lifequest/proto';
import type { OnboardingQuestService } from './service.ts';

export function onboardingRoutes(app: HttpServer, onboarding: OnboardingQuestService): void {
  // Only auth calls this, from complete-onboarding (a synchronous answer is needed: docs/architecture.md#synchronous-calls).
  app.post(
    '/internal/quests/onboarding-quest',
    {
      config: { access: 'service' },
      schema: { body: OnboardingQuestBody, response: { 200: OnboardingQuestAnswer } },
    },
    async (request) => {
      return onboarding.create(request.body.userId, request.body.firstGoal);
    },
  );
}
