import type { HttpServer } from '@lifequest/platform';
import { IDEMPOTENCY_KEY_HEADER, ProgressBody, ProgressEntry } from '@lifequest/proto';
import { idempotencyKeyOf } from '../idempotency/store.ts';
import type { ProgressService } from './service.ts';

export function progressRoutes(app: HttpServer, progress: ProgressService): void {
  app.post(
    '/api/progress',
    { config: { access: 'hero' }, schema: { body: ProgressBody, response: { 201: ProgressEntry } } },
    async (request, reply) => {
      // An Idempotency-Key is optional here: the web sends one with every entry it may replay.
      const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER], false);
      return reply.code(201).send(await progress.log(request.hero.userId, request.body, key));
    },
  );
}
