import { startTestModules, type TestModules, type TestModulesOptions } from '@lifequest/platform/testing';
import type { EventEnvelope, EventName, EventPayloads } from '@lifequest/proto';
import { afterAll, beforeAll } from 'vitest';
import { type AuthDb, createAuthDb } from '../db.ts';
import { authModule } from '../index.ts';
import { totalXp } from '../xp/ledger.ts';

export interface AuthWorld {
  svc: TestModules;
  /** auth's own tables, to read the ledger and make heroes directly. */
  db: AuthDb;
  /** Delivers another service's event about a hero (its actor), as quests' relay would. */
  publish<N extends EventName>(
    name: N,
    payload: EventPayloads[N] & { userId: string },
  ): Promise<EventEnvelope<N>>;
  newHero(name?: string): Promise<string>;
  /**
   * The hero's totalXP as auth reads it (the totals kept beside the ledger); throws when those totals
   * disagree with the ledger itself (its sum and its count of lines).
   */
  total(userId: string): Promise<number>;
}

/** The auth module alone (startTestModules) for a test file, with a few ledger helpers. */
export function useAuth(options: TestModulesOptions = {}): AuthWorld {
  let svc: TestModules | undefined;
  let db: AuthDb | undefined;
  beforeAll(async () => {
    svc = await startTestModules([authModule], options);
    db = createAuthDb(svc.database);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await svc?.close();
  });
  const started = () => {
    if (!svc || !db) throw new Error('auth has not started');
    return { svc, db };
  };
  return {
    get svc() {
      return started().svc;
    },
    get db() {
      return started().db;
    },
    publish: (name, payload) => started().svc.publish(name, payload, payload.userId),
    async newHero(name = 'Aria') {
      const user = await started().db.user.create({
        data: { email: `${crypto.randomUUID()}@example.com`, name },
      });
      return user.id;
    },
    async total(userId) {
      const { svc } = started();
      const kept = await totalXp(svc.database, userId);
      const [row] = await svc.database.query<{ total: number; lines: number; kept_lines: number | null }>(
        `select coalesce(sum(amount), 0)::int as total, count(*)::int as lines,
                (select lines from auth.xp_totals where user_id = $1::uuid) as kept_lines
           from auth.xp_ledger where user_id = $1::uuid`,
        [userId],
      );
      if (row?.total !== kept || (row.kept_lines ?? 0) !== row.lines) {
        throw new Error(
          `auth.xp_totals (${kept} XP, ${row?.kept_lines ?? 0} lines) disagrees with the ledger (${row?.total} XP, ${row?.lines} lines)`,
        );
      }
      return kept;
    },
  };
}
