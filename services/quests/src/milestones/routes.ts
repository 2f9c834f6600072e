import type { HttpServer } from '@lifequest/platform';
import {
  IDEMPOTENCY_KEY_HEADER,
  IdParams,
  Milestone,
  MilestoneSetBody,
  MilestoneToggleResult,
} from '@lifequest/proto';
import { z } from 'zod';
import { idempotencyKeyOf } from '../idempotency/store.ts';
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

  // Sets rather than flips, so a check-off queued offline can be replayed safely (docs/features/offline-app.md).
  app.put(
    '/api/milestones/:id',
    {
      config: { access: 'hero' },
      schema: { params: IdParams, body: MilestoneSetBody, response: { 200: MilestoneToggleResult } },
    },
    async (request) => {
      const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER], true) as string;
      return milestones.set(request.hero.userId, request.params.id, request.body.completed, key);
    },
  );
}
