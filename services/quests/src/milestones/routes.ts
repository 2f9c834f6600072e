import type { HttpServer } from '@lifequest/platform';
import { IdParams, Milestone, MilestoneToggleResult } from '@lifequest/proto';
import { z } from 'zod';
import type { MilestoneService } from './service.ts';

export function milestoneRoutes(app: HttpServer, milestones: MilestoneService): void {
  app.get(
    '/api/milestones',
    { config: { access: 'hero' }, schema: { response: { 200: z.array(Milestone) } } },
    async (request) => {
      return milestones.list(request.hero.userId);
    },
  );

  app.post(
    '/api/milestones/:id/toggle',
    { config: { access: 'hero' }, schema: { params: IdParams, response: { 200: MilestoneToggleResult } } },
    async (request) => {
      return milestones.toggle(request.hero.userId, request.params.id);
    },
  );
}
