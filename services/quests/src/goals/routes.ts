import type { HttpServer } from '@lifequest/platform';
import { CreatedGoal, CreateGoalBody, Goal, GoalDetail, IdParams } from '@lifequest/proto';
import { z } from 'zod';
import type { GoalService } from './service.ts';

export function goalRoutes(app: HttpServer, goals: GoalService): void {
  app.get(
    '/api/goals',
    { config: { access: 'hero' }, schema: { response: { 200: z.array(Goal) } } },
    async (request) => {
      return goals.list(request.hero.userId);
    },
  );

  app.post(
    '/api/goals',
    { config: { access: 'hero' }, schema: { body: CreateGoalBody, response: { 201: CreatedGoal } } },
    async (request, reply) => {
      return reply.code(201).send(await goals.create(request.hero.userId, request.body));
    },
  );

  app.get(
    '/api/goals/:id',
    { config: { access: 'hero' }, schema: { params: IdParams, response: { 200: GoalDetail } } },
    async (request) => {
      return goals.detail(request.hero.userId, request.params.id);
    },
  );

  app.delete(
    '/api/goals/:id',
    { config: { access: 'hero' }, schema: { params: IdParams } },
    async (request, reply) => {
      await goals.delete(request.hero.userId, request.params.id);
      return reply.code(204).send();
    },
  );
}
