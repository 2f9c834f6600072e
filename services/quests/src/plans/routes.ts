import type { HttpServer } from '@lifequest/platform';
import { PlanConfirmBody, QuestWithMilestones } from '@lifequest/proto';
import type { PlanService } from './service.ts';

export function planRoutes(app: HttpServer, plans: PlanService): void {
  app.post(
    '/api/plans/confirm',
    {
      config: { access: 'hero' },
      schema: { body: PlanConfirmBody, response: { 200: QuestWithMilestones, 201: QuestWithMilestones } },
    },
    async (request, reply) => {
      // 201 the first time; a repeated confirmation of the same draft answers 200 with the same quest.
      const { quest, created } = await plans.confirm(request.hero.userId, request.body);
      return reply.code(created ? 201 : 200).send(quest);
    },
  );
}
