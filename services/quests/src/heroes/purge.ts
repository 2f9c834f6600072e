import { isUuid } from '@lifequest/proto';
import type { QuestEvents } from '../db.ts';

/** A deleted hero leaves nothing behind: quests go, and their milestones and progress with them. */
export async function purgeDeletedHeroes(events: QuestEvents): Promise<void> {
  await events.subscribe('quests', ['user.deleted'], async (event, tx) => {
    // Every quest's user_id is a uuid, so any other id owns nothing here.
    if (!isUuid(event.payload.userId)) return;
    await tx.goal.deleteMany({ where: { userId: event.payload.userId } });
  });
}
