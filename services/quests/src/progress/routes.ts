import { type HttpServer, requireHero } from '@lifequest/platform';
import { ProgressBody, ProgressEntry } from '@lifequest/proto';
import type { ProgressService } from './service.ts';

export function progressRoutes(app: HttpServer, progress: ProgressService): void {
  app.post(
    '/api/progress',
    { schema: { body: ProgressBody, response: { 201: ProgressEntry } } },
    async (request, reply) => {
      return reply.code(201).send(await progress.log(requireHero(request).userId, request.body));
    },
  );
}
