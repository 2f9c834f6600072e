import { purgedHeroHash, purgeOnUserDeleted } from '@lifequest/platform';
import type { QuestEvents } from '../db.ts';
import { purgeHeroKeys } from '../idempotency/store.ts';

/**
 * A deleted hero leaves nothing behind: quests go, and their milestones and progress with them, the
 * record of their onboarding, and quests' published events about them; user.purged tells the admin
 * quests is done. Only a hash of their id stays, so a write of theirs still in flight cannot bring a
 * quest back after this (docs/architecture.md#deletion, docs/features/data-ownership.md#deletion).
 */
export async function purgeDeletedHeroes(events: QuestEvents): Promise<void> {
  await purgeOnUserDeleted(events, 'quests', async (tx, userId) => {
    // Waits for the hero's writes in flight, then refuses any later one (migration 0007).
    await tx.$executeRaw`select pg_advisory_xact_lock("quests"."hero_lock_key"(${userId}::uuid))`;
    await tx.erasedHero.createMany({ data: [{ idHash: purgedHeroHash(userId) }], skipDuplicates: true });
    await tx.goal.deleteMany({ where: { userId } });
    await tx.onboarding.deleteMany({ where: { userId } });
    await purgeHeroKeys(tx, userId);
    await tx.heroZone.deleteMany({ where: { userId } });
    await tx.reviewClaim.deleteMany({ where: { userId } });
    await tx.calendarFeed.deleteMany({ where: { userId } });
  });
}
