import type { Database, ServiceEvents } from '@lifequest/platform';
import { type Prisma, PrismaClient } from './generated/prisma/client.ts';

export type SocialDb = PrismaClient;
export type SocialTx = Prisma.TransactionClient;
/** The outbox, relay and inbox of the social schema. */
export type SocialEvents = ServiceEvents<SocialTx>;

export function createSocialDb(db: Database): SocialDb {
  return new PrismaClient({ adapter: db.prismaAdapter() });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Heroes' ids are uuids; anything else names nothing here (and never reaches the driver as one). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
