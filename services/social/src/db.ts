import type { Database, ServiceEvents } from '@lifequest/platform';
import type { EventEnvelope, EventName } from '@lifequest/proto';
import { type Prisma, PrismaClient } from './generated/prisma/client.ts';

export type SocialDb = PrismaClient;
export type SocialTx = Prisma.TransactionClient;
/** The outbox, relay and inbox of the social schema. */
export type SocialEvents = ServiceEvents<SocialTx>;

/** PGlite runs one transaction at a time: a queued transaction waits rather than failing after 2 s. */
export const TX_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;

export function createSocialDb(db: Database): SocialDb {
  return new PrismaClient({ adapter: db.prismaAdapter() });
}

/**
 * What one feature does with the events social consumes, inside the transaction that also writes the
 * inbox row. Several features follow the same event (milestone.completed feeds the feed and the
 * challenges), so the module runs them one after another under one subscription.
 */
export type EventReactions = {
  [N in EventName]?: (event: EventEnvelope<N>, tx: SocialTx) => Promise<void>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Heroes' ids are uuids; anything else names nothing here (and never reaches the driver as one). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
