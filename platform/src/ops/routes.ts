import { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../events/ports.ts';
import type { HttpServer } from '../http/server.ts';

export const OPS_PREFIX = '/internal/ops';

const Consumer = z.object({
  consumer: z.string().regex(/^[a-z][a-z0-9_-]*$/, 'consumer must be a service name'),
});

/**
 * Dead-letter operations over HTTP, for the embedded mode where the running server holds both the
 * database and the consumers (the `dlq` CLI calls these). Internal identity only: the gateway never
 * forwards /internal, so only a caller holding INTERNAL_SECRET gets in.
 */
export function registerOpsRoutes(app: HttpServer, bus: EventBus, db?: Database): void {
  // `npm run backup`: the running embedded database's snapshot (docs/features/data-ownership.md#backups).
  app.post(
    `${OPS_PREFIX}/backup`,
    { config: { access: 'service' }, schema: { hide: true } },
    async (_request, reply) => {
      if (!db?.dumpDataDir) {
        return reply.code(404).send({
          error: 'Not found',
          message: 'Only the embedded mode backs up through the server: use pg_dump.',
          code: 'NOT_FOUND',
        });
      }
      const dump = await db.dumpDataDir();
      return reply.header('content-type', 'application/gzip').send(Buffer.from(dump));
    },
  );

  app.get(
    `${OPS_PREFIX}/dead-letters/:consumer`,
    {
      config: { access: 'service' },
      schema: {
        hide: true,
        params: Consumer,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(10_000).default(1_000) }),
      },
    },
    async (request) => {
      const { consumer } = request.params;
      return { consumer, deadLetters: await bus.listDeadLetters(consumer, { limit: request.query.limit }) };
    },
  );

  app.post(
    `${OPS_PREFIX}/dead-letters/:consumer/replay`,
    {
      config: { access: 'service' },
      schema: {
        hide: true,
        params: Consumer,
        body: z.object({ eventIds: z.array(z.string().min(1)).max(10_000).optional() }).default({}),
      },
    },
    async (request) => {
      const { consumer } = request.params;
      const replayed = await bus.replayDeadLetters(consumer, { eventIds: request.body.eventIds });
      return { consumer, replayed };
    },
  );

  app.get(
    `${OPS_PREFIX}/event-stats`,
    { config: { access: 'service' }, schema: { hide: true } },
    async () => {
      return { bus: bus.kind, consumers: await bus.stats() };
    },
  );
}
