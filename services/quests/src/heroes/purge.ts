import { type JobQueue, purgedHeroHash, purgeOnUserDeleted } from '@lifequest/platform';
import type { QuestEvents } from '../db.ts';
import { purgeHeroKeys } from '../idempotency/store.ts';

/**
 * A deleted hero leaves nothing behind: quests go, and their milestones and progress with them, the
 * record of their onboarding, and quests' published events about them; user.purged tells the admin
 * quests is done. Only a hash of their id stays, so a write of theirs still in flight cannot bring a
 * quest back after this (docs/architecture.md#deletion, docs/features/data-ownership.md#deletion).
 */
export async function purgeDeletedHeroes(
  events: QuestEvents,
  jobs?: { queue: JobQueue; names: readonly string[] },
): Promise<void> {
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
    // Their exports' ZIPs and imports' files (docs/features/data-ownership.md#export).
    await tx.dataTransfer.deleteMany({ where: { userId } });
    // Their export and import jobs name them too; harmless to repeat if the delivery is retried.
    for (const name of jobs?.names ?? []) await jobs?.queue.forget(name, userId);
  });
}
