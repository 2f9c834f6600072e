import { purgedHeroHash, type SqlTx } from '@lifequest/platform';
import { purgeChallenges } from './challenges/progress.ts';
import type { SocialTx } from './db.ts';
import { purgeFeed } from './feed/activities.ts';
import { RedisRankingService } from './rankings/redis-boards.ts';
import { purgeStreaks } from './streaks/store.ts';

/**
 * user.deleted: everything of the hero goes (their row, activities and likes, activities naming them,
 * friendships, requests and blocks both ways, challenge places and steps, rate-limit and version rows,
 * streak days, vacations and awards, notifications, the rankings' change log, and once committed their
 * place in the rankings' Redis keys). Only a hash of their id stays, as a tombstone, so
 * an event about them that arrives late brings nothing back, nor does a request of theirs still in
 * flight (docs/features/data-ownership.md#deletion).
 */
export async function purgeHero(tx: SocialTx, userId: string): Promise<void> {
  // Waits for the hero's requests in flight, then refuses any later row of theirs (migration 0007).
  await tx.$executeRaw`select pg_advisory_xact_lock("social"."hero_lock_key"(${userId}::uuid))`;
  await purgeFeed(tx, userId);
  await purgeChallenges(tx, userId);
  await tx.friendship.deleteMany({ where: { OR: [{ userId }, { friendId: userId }] } });
  await tx.friendRequest.deleteMany({ where: { OR: [{ requesterId: userId }, { addresseeId: userId }] } });
  await tx.friendRequestQuota.deleteMany({ where: { userId } });
  await tx.block.deleteMany({ where: { OR: [{ userId }, { blockedId: userId }] } });
  await tx.sourceVersion.deleteMany({ where: { userId } });
  await purgeStreaks(tx, userId);
  await tx.hero.deleteMany({ where: { id: userId } });
  await tx.deletedHero.createMany({ data: [{ idHash: purgedHeroHash(userId) }], skipDuplicates: true });
  // The rankings' change log names them too (its trigger just logged the deletion); their Redis keys go
  // once this commits (RedisRankingService.forget).
  await RedisRankingService.forgetInLog(tx, userId);
}

/** Whether the hero was purged: events about them that arrive late change nothing. */
export async function isPurged(tx: SqlTx, userId: string): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<unknown[]>(
    `select 1 from "social"."deleted_heroes" where id_hash = $1`,
    purgedHeroHash(userId),
  );
  return rows.length > 0;
}
