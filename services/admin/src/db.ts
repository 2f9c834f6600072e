import type { Database, ServiceEvents } from '@lifequest/platform';
import { type Prisma, PrismaClient } from './generated/prisma/client.ts';

export type AdminDb = PrismaClient;
export type AdminTx = Prisma.TransactionClient;
/** The outbox, relay and inbox of the admin schema. */
export type AdminEvents = ServiceEvents<AdminTx>;

export function createAdminDb(db: Database): AdminDb {
  return new PrismaClient({ adapter: db.prismaAdapter() });
}

/** The admin service's consumer of events (one queue for its read model, usage and deletions). */
export const CONSUMER = 'admin';
