import type { Database, ServiceEvents } from '@lifequest/platform';
import type { Prisma } from './generated/prisma/client.ts';
import { PrismaClient } from './generated/prisma/client.ts';

export type QuestsDb = PrismaClient;
export type QuestsTx = Prisma.TransactionClient;
/** The outbox, relay and inbox of the quests schema. */
export type QuestEvents = ServiceEvents<QuestsTx>;

export function createQuestsDb(db: Database): QuestsDb {
  return new PrismaClient({ adapter: db.prismaAdapter() });
}
