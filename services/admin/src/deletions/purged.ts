import { purgedHeroHash, type SqlTx } from '@lifequest/platform';
import type { AdminTx } from '../db.ts';

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
