import type { Database, ServiceEvents } from '@lifequest/platform';
import type { Prisma } from './generated/prisma/client.ts';
import { PrismaClient } from './generated/prisma/client.ts';

export type AiDb = PrismaClient;
export type AiTx = Prisma.TransactionClient;
/** The outbox, relay and inbox of the ai schema. */
export type AiEvents = ServiceEvents<AiTx>;

/** The ai service's one consumer name in its inbox: every subscription of the service uses it. */
export const CONSUMER = 'ai';

export function createAiDb(db: Database): AiDb {
  return new PrismaClient({ adapter: db.prismaAdapter() });
}
