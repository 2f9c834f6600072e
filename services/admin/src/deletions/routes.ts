import type { HttpServer } from '@lifequest/platform';
import { AdminDeletion, IdParams } from '@lifequest/proto';
import type { DeletionService } from './service.ts';

export function deletionRoutes(app: HttpServer, deletions: DeletionService): void {
  app.delete(
    '/api/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, response: { 200: AdminDeletion, 202: AdminDeletion } },
    },
    async (request, reply) => {
      const deletion = await deletions.request(request.hero.userId, request.params.id);
      // 202 while the holders purge; 200 once it is done (asking again is harmless).
      return reply.code(deletion.status === 'completed' ? 200 : 202).send(deletion);
    },
  );
}
