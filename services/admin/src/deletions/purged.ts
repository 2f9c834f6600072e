import { purgedHeroHash, type SqlTx } from '@lifequest/platform';
import type { AdminTx } from '../db.ts';

/**
 * Serializes everything that decides about one hero's deletion (a request, a confirmation, the purge)
 * until the transaction ends. Without it a request read "not purged" just before the last confirmation
 * committed, then inserted a fresh pending deletion (and its event) after the purge had removed the row:
 * a deletion naming the hero that nothing would ever complete.
 */
export async function lockDeletionOf(tx: SqlTx, userId: string): Promise<void> {
  await tx.$executeRawUnsafe(
    'select pg_advisory_xact_lock(hashtextextended($1, 0))',
    `lifequest.admin.deletion.${userId}`,
  );
}

/** Whether the hero's deletion completed: events about them that arrive late change nothing. */
export async function isPurged(tx: SqlTx, userId: string): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<unknown[]>(
    `select 1 from "admin"."erased_heroes" where id_hash = $1`,
    purgedHeroHash(userId),
  );
  return rows.length > 0;
}

/**
 * The admin's own purge, once every holder has confirmed: the hero's row and quests go, their AI usage
 * stays without their id (so cost totals stay true), and only the hash is kept.
 */
export async function purgeHero(tx: AdminTx, userId: string): Promise<void> {
  await tx.hero.deleteMany({ where: { id: userId } });
  await tx.heroGoal.deleteMany({ where: { userId } });
  await tx.aiUsage.updateMany({ where: { userId }, data: { userId: null } });
  await tx.deletion.deleteMany({ where: { userId } });
  await tx.erasedHero.createMany({ data: [{ idHash: purgedHeroHash(userId) }], skipDuplicates: true });
}
