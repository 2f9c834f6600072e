import { type HttpServer, requireHero } from '@lifequest/platform';
import { CreatedGoal, CreateGoalBody, Goal, GoalDetail } from '@lifequest/proto';
import { z } from 'zod';
import type { GoalService } from './service.ts';

export const IdParams = z.object({ id: z.string().max(100) });

export function goalRoutes(app: HttpServer, goals: GoalService): void {
  app.get('/api/goals', { schema: { response: { 200: z.array(Goal) } } }, async (request) => {
    return goals.list(requireHero(request).userId);
  });

  app.post(
    '/api/goals',
    { schema: { body: CreateGoalBody, response: { 201: CreatedGoal } } },
    async (request, reply) => {
      return reply.code(201).send(await goals.create(requireHero(request).userId, request.body));
    },
  );

  app.get(
    '/api/goals/:id',
    { schema: { params: IdParams, response: { 200: GoalDetail } } },
    async (request) => {
      return goals.detail(requireHero(request).userId, request.params.id);
    },
  );

  app.delete('/api/goals/:id', { schema: { params: IdParams } }, async (request, reply) => {
    await goals.delete(requireHero(request).userId, request.params.id);
    return reply.code(204).send();
  });
}
