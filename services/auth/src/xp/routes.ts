import type { HttpServer } from '@lifequest/platform';
import { isUuid, UserIdParams, XpProjection } from '@lifequest/proto';
import { z } from 'zod';
import type { XpProjectionService } from './projection.ts';

const Query = z.object({
  /** Comma-separated ids of the events the caller just recorded (at most 10). */
  after: z
    .string()
    .default('')
    .refine((value) => value === '' || value.split(',').every(isUuid), {
      error: 'after must be comma-separated event ids',
    })
    .refine((value) => value.split(',').length <= 10, { error: 'after takes at most 10 event ids' }),
});

export function xpRoutes(app: HttpServer, projection: XpProjectionService): void {
  // quests calls this right after a milestone toggle, so the answer can carry the hero's new totals.
  app.get(
    '/internal/auth/xp/:userId',
    {
      config: { access: 'service' },
      schema: { params: UserIdParams, querystring: Query, response: { 200: XpProjection } },
    },
    async (request) => {
      const ids = request.query.after === '' ? [] : request.query.after.split(',');
      return projection.totalsAfter(request.params.userId, ids);
    },
  );
}
