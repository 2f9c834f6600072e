import { purgeOnUserDeleted } from '@lifequest/platform';
import type { QuestEvents } from '../db.ts';
import { purgeHeroKeys } from '../idempotency/store.ts';

/**
 * A deleted hero leaves nothing behind: quests go, and their milestones and progress with them, the
 * record of their onboarding, and quests' published events about them; user.purged tells the admin
 * quests is done (docs/architecture.md#deletion).
 */
export async function purgeDeletedHeroes(events: QuestEvents): Promise<void> {
  await purgeOnUserDeleted(events, 'quests', async (tx, userId) => {
    await tx.goal.deleteMany({ where: { userId } });
    await tx.onboarding.deleteMany({ where: { userId } });
    await purgeHeroKeys(tx, userId);
    await tx.heroZone.deleteMany({ where: { userId } });
    await tx.reviewClaim.deleteMany({ where: { userId } });
    await tx.calendarFeed.deleteMany({ where: { userId } });
  });
}
