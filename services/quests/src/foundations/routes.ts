import type { HttpServer } from '@lifequest/platform';
import { FoundationBody, Goal, IdParams } from '@lifequest/proto';
import type { FoundationService } from './service.ts';

export function foundationRoutes(app: HttpServer, foundations: FoundationService): void {
  app.patch(
    '/api/goals/:id/foundation',
    {
      config: { access: 'hero' },
      schema: { params: IdParams, body: FoundationBody, response: { 200: Goal } },
    },
    async (request) => {
      return foundations.assign(request.hero.userId, request.params.id, request.body.foundation);
    },
  );
}
