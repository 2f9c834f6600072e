import type { Database, ServiceEvents } from '@lifequest/platform';
import { type Prisma, PrismaClient } from './generated/prisma/client.ts';

export type AuthDb = PrismaClient;
export type AuthTx = Prisma.TransactionClient;
/** The outbox, relay and inbox of the auth schema. */
export type AuthEvents = ServiceEvents<AuthTx>;

/** PGlite runs one transaction at a time: a queued transaction waits rather than failing after 2 s. */
export const TX_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;

export function createAuthDb(db: Database): AuthDb {
  return new PrismaClient({ adapter: db.prismaAdapter() });
}
