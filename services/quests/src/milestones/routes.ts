import { type HttpServer, requireHero } from '@lifequest/platform';
import { Milestone, MilestoneToggleResult } from '@lifequest/proto';
import { z } from 'zod';
import { IdParams } from '../goals/routes.ts';
import type { MilestoneService } from './service.ts';

export function milestoneRoutes(app: HttpServer, milestones: MilestoneService): void {
  app.get('/api/milestones', { schema: { response: { 200: z.array(Milestone) } } }, async (request) => {
    return milestones.list(requireHero(request).userId);
  });

  app.post(
    '/api/milestones/:id/toggle',
    { schema: { params: IdParams, response: { 200: MilestoneToggleResult } } },
    async (request) => {
      return milestones.toggle(requireHero(request).userId, request.params.id);
    },
  );
}
