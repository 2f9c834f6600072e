import type { Database } from '@lifequest/platform';
// TODO(platform): import from '@lifequest/platform' once its index exports the service events.
import type { ServiceEvents } from '../../../platform/src/events/service-events.ts';
import { type Prisma, PrismaClient } from './generated/prisma/client.ts';

export type AuthDb = PrismaClient;
export type AuthTx = Prisma.TransactionClient;
/** The outbox, relay and inbox of the auth schema. */
export type AuthEvents = ServiceEvents<AuthTx>;

export function createAuthDb(db: Database): AuthDb {
  return new PrismaClient({ adapter: db.prismaAdapter() });
}
