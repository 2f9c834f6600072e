import type { HttpServer } from '@lifequest/platform';
import { ExportStatus, JobAccepted, TransferParams } from '@lifequest/proto';
import type { ExportService } from './service.ts';

/** The hero's export (docs/features/data-ownership.md#export): each answer only for its owner. */
export function exportRoutes(app: HttpServer, exports: ExportService): void {
  app.post(
    '/api/export',
    { config: { access: 'hero' }, schema: { response: { 202: JobAccepted } } },
    async (request, reply) => reply.code(202).send(await exports.start(request.hero.userId)),
  );
  app.get(
    '/api/export/:jobId',
    { config: { access: 'hero' }, schema: { params: TransferParams, response: { 200: ExportStatus } } },
    async (request) => exports.status(request.hero.userId, request.params.jobId),
  );
  app.get(
    '/api/export/:jobId/download',
    { config: { access: 'hero' }, schema: { params: TransferParams } },
    async (request, reply) => {
      const zip = await exports.download(request.hero.userId, request.params.jobId);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="lifequest-export.zip"')
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip));
    },
  );
}
