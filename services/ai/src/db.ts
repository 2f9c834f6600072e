import type { Database } from '@lifequest/platform';
// TODO(platform): import from '@lifequest/platform' once its index exports the service events.
import type { ServiceEvents } from '../../../platform/src/events/service-events.ts';
import type { Prisma } from './generated/prisma/client.ts';
import { PrismaClient } from './generated/prisma/client.ts';

export type AiDb = PrismaClient;
export type AiTx = Prisma.TransactionClient;
/** The outbox, relay and inbox of the ai schema. */
export type AiEvents = ServiceEvents<AiTx>;

export function createAiDb(db: Database): AiDb {
  return new PrismaClient({ adapter: db.prismaAdapter() });
}
