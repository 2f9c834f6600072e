import { type HttpServer, requireAdmin } from '@lifequest/platform';
import { AdminDeletion, IdParams } from '@lifequest/proto';
import type { DeletionService } from './service.ts';

export function deletionRoutes(app: HttpServer, deletions: DeletionService): void {
  app.delete(
    '/api/admin/users/:id',
    { schema: { params: IdParams, response: { 200: AdminDeletion, 202: AdminDeletion } } },
    async (request, reply) => {
      const deletion = await deletions.request(requireAdmin(request).userId, request.params.id);
      return reply.code(deletion.status === 'completed' ? 200 : 202).send(deletion);
    },
  );
}
