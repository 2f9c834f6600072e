import type { Database, ServiceEvents } from '@lifequest/platform';
import { type Prisma, PrismaClient } from './generated/prisma/client.ts';

export type SocialDb = PrismaClient;
export type SocialTx = Prisma.TransactionClient;
/** The outbox, relay and inbox of the social schema. */
export type SocialEvents = ServiceEvents<SocialTx>;

export function createSocialDb(db: Database): SocialDb {
  return new PrismaClient({ adapter: db.prismaAdapter() });
}
