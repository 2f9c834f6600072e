import type { Database } from '@lifequest/platform';
import { PrismaClient } from './generated/prisma/client.ts';

export type AuthDb = PrismaClient;

export function createAuthDb(db: Database): AuthDb {
  return new PrismaClient({ adapter: db.prismaAdapter() });
}
