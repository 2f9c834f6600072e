import type { HttpServer } from '@lifequest/platform';
import { ProgressBody, ProgressEntry } from '@lifequest/proto';
import type { ProgressService } from './service.ts';

export function progressRoutes(app: HttpServer, progress: ProgressService): void {
  app.post(
    '/api/progress',
    { config: { access: 'hero' }, schema: { body: ProgressBody, response: { 201: ProgressEntry } } },
    async (request, reply) => {
      return reply.code(201).send(await progress.log(request.hero.userId, request.body));
    },
  );
}
