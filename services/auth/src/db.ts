import type { Database, ServiceEvents } from '@lifequest/platform';
import { type Prisma, PrismaClient } from './generated/prisma/client.ts';

export type AuthDb = PrismaClient;
export type AuthTx = Prisma.TransactionClient;
/** The outbox, relay and inbox of the auth schema. */
export type AuthEvents = ServiceEvents<AuthTx>;

export function createAuthDb(db: Database): AuthDb {
  return new PrismaClient({ adapter: db.prismaAdapter() });
}
