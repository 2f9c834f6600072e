import type { Database, ServiceEvents } from '@lifequest/platform';
import type { Prisma } from './generated/prisma/client.ts';
import { PrismaClient } from './generated/prisma/client.ts';

export type QuestsDb = PrismaClient;
export type QuestsTx = Prisma.TransactionClient;
/** The outbox, relay and inbox of the quests schema. */
export type QuestEvents = ServiceEvents<QuestsTx>;

/**
 * Options for every transaction of the service. The embedded database runs one transaction at a time,
 * so a busy moment can queue one for a while: it waits rather than failing after Prisma's 2 s default.
 * (Recording an event nudges the outbox relay itself, so no wrapper is needed to publish promptly.)
 */
export const TX_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;

export function createQuestsDb(db: Database): QuestsDb {
  return new PrismaClient({ adapter: db.prismaAdapter() });
}

/** Prisma's answer when a unique index refused a row (two requests made the same thing at once). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
}
