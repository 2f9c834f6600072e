import { isUuid } from '@lifequest/proto';
import type { QuestEvents } from '../db.ts';

/**
 * A deleted hero leaves nothing behind: quests go, and their milestones and progress with them, the
 * record of their onboarding, and quests' published events about them; user.purged tells the admin
 * quests is done.
 */
export async function purgeDeletedHeroes(events: QuestEvents): Promise<void> {
  await events.subscribe('quests', ['user.deleted'], async (event, tx, emit) => {
    const { userId } = event.payload;
    // Every quest's user_id is a uuid, so any other id owns nothing here.
    if (isUuid(userId)) {
      await tx.goal.deleteMany({ where: { userId } });
      await tx.onboarding.deleteMany({ where: { userId } });
      await tx.heroZone.deleteMany({ where: { userId } });
      await tx.reviewClaim.deleteMany({ where: { userId } });
      await tx.calendarFeed.deleteMany({ where: { userId } });
    }
    await emit('user.purged', { userId, service: 'quests' }, null);
    await events.forget(tx, userId);
  });
}
