import { type AiEvents, CONSUMER } from '../db.ts';

/**
 * A deleted quest takes its focused stories with it: their whole subject is gone. Epic stories keep
 * their text, since they tell of other deeds as well.
 */
export async function dropStoriesOfDeletedGoals(events: AiEvents): Promise<void> {
  await events.subscribe(CONSUMER, ['goal.deleted'], async (event, tx) => {
    const { userId, goalId } = event.payload;
    await tx.story.deleteMany({ where: { userId, kind: 'focused', achievementId: goalId } });
  });
}
