import { erasedHeroHash } from '@lifequest/platform';
import { isUuid } from '@lifequest/proto';
import type { QuestEvents } from '../db.ts';

/**
 * A deleted hero leaves nothing behind: quests go, and their milestones and progress with them, the
 * record of their onboarding, and quests' published events about them; user.purged tells the admin
 * quests is done. Only a hash of their id stays, so a write of theirs still in flight cannot bring a
 * quest back after this (docs/features/data-ownership.md#deletion).
 */
export async function purgeDeletedHeroes(events: QuestEvents): Promise<void> {
  await events.subscribe('quests', ['user.deleted'], async (event, tx, emit) => {
    const { userId } = event.payload;
    // Every quest's user_id is a uuid, so any other id owns nothing here.
    if (isUuid(userId)) {
      // Waits for the hero's writes in flight, then refuses any later one (migration 0007).
      await tx.$executeRaw`select pg_advisory_xact_lock("quests"."hero_lock_key"(${userId}::uuid))`;
      await tx.erasedHero.createMany({ data: [{ idHash: erasedHeroHash(userId) }], skipDuplicates: true });
      await tx.goal.deleteMany({ where: { userId } });
      await tx.onboarding.deleteMany({ where: { userId } });
    }
    await emit('user.purged', { userId, service: 'quests' }, null);
    await events.forget(tx, userId);
  });
}
