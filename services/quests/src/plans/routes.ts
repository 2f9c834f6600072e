import type { HttpServer } from '@lifequest/platform';
import { PlanConfirmBody, QuestWithMilestones } from '@lifequest/proto';
import type { PlanService } from './service.ts';

export function planRoutes(app: HttpServer, plans: PlanService): void {
  app.post(
    '/api/plans/confirm',
    { config: { access: 'hero' }, schema: { body: PlanConfirmBody, response: { 201: QuestWithMilestones } } },
    async (request, reply) => {
      return reply.code(201).send(await plans.confirm(request.hero.userId, request.body));
    },
  );
}
