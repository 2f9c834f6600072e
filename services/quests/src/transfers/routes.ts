import multipart from '@fastify/multipart';
import { AppError, type HttpServer } from '@lifequest/platform';
import { ExportStatus, IMPORT_MAX_BYTES, ImportStatus, JobAccepted, TransferParams } from '@lifequest/proto';
import type { ImportService } from './import.ts';
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

/**
 * `POST /api/import`: one multipart file (a LifeQuest export ZIP or JSON, or Habitica's user data),
 * checked whole before anything is kept: too large is 413 IMPORT_TOO_LARGE, unreadable or too many
 * items 400 (docs/features/data-ownership.md#import).
 */
export async function importRoutes(app: HttpServer, imports: ImportService): Promise<void> {
  await app.register(async (scoped) => {
    await scoped.register(multipart, {
      limits: { files: 1, fileSize: IMPORT_MAX_BYTES, fields: 5, parts: 6 },
      throwFileSizeLimit: true,
    });
    const server = scoped as unknown as HttpServer;
    server.post(
      '/api/import',
      { config: { access: 'hero' }, schema: { response: { 202: JobAccepted } } },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new AppError(
            'IMPORT_UNREADABLE',
            'Send the file as multipart/form-data, in a field named file.',
          );
        }
        let bytes: Buffer;
        try {
          const part = await request.file();
          if (!part) throw new AppError('IMPORT_UNREADABLE', 'The request holds no file.');
          bytes = await part.toBuffer();
        } catch (error) {
          if (error instanceof AppError) throw error;
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError(
              'IMPORT_TOO_LARGE',
              `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
            );
          }
          throw new AppError('IMPORT_UNREADABLE', 'The upload could not be read.');
        }
        return reply.code(202).send(await imports.start(request.hero.userId, bytes));
      },
    );
    server.get(
      '/api/import/:jobId',
      { config: { access: 'hero' }, schema: { params: TransferParams, response: { 200: ImportStatus } } },
      async (request) => imports.status(request.hero.userId, request.params.jobId),
    );
  });
}
