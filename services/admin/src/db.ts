import type { Database, ServiceEvents } from '@lifequest/platform';
import { z } from 'zod';
import { type Prisma, PrismaClient } from './generated/prisma/client.ts';

export type AdminDb = PrismaClient;
export type AdminTx = Prisma.TransactionClient;
/** The outbox, relay and inbox of the admin schema. */
export type AdminEvents = ServiceEvents<AdminTx>;

export function createAdminDb(db: Database): AdminDb {
  return new PrismaClient({ adapter: db.prismaAdapter() });
}

const Uuid = z.uuid();

/** Heroes and quests have uuid ids; an event naming anything else concerns no row here. */
export function isUuid(value: string): boolean {
  return Uuid.safeParse(value).success;
}
