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

/** Prisma's answer when a unique index refused a row (two requests made the same thing at once). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
}
