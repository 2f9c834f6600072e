import { erasedHeroHash, type JobQueue } from '@lifequest/platform';
import { isUuid } from '@lifequest/proto';
import type { AiEvents } from '../db.ts';

export const CONSUMER = 'ai';

/**
 * A deleted hero leaves no words behind: conversations, advisor messages, the plan draft, stories,
 * budget reservations and the call starts the per-hero rate counts go, and so do ai's published events about them. Token usage stays, without the
 * hero's id, so the cost history the admin sees stays true. user.purged tells the admin ai is done.
 */
export async function purgeDeletedHeroes(
  events: AiEvents,
  jobs: { queue: JobQueue; names: readonly string[] },
): Promise<void> {
  await events.subscribe(CONSUMER, ['user.deleted'], async (event, tx, emit) => {
    const userId = event.payload.userId;
    // Every row's user_id is a uuid, so any other id owns nothing here.
    if (isUuid(userId)) {
      // Waits for the hero's calls in flight, then refuses any later row of theirs (migration 0007).
      await tx.$executeRaw`select pg_advisory_xact_lock("ai"."hero_lock_key"(${userId}::uuid))`;
      await tx.erasedHero.createMany({ data: [{ idHash: erasedHeroHash(userId) }], skipDuplicates: true });
      await tx.conversation.deleteMany({ where: { userId } });
      await tx.advisorMessage.deleteMany({ where: { userId } });
      await tx.planDraft.deleteMany({ where: { userId } });
      await tx.story.deleteMany({ where: { userId } });
      await tx.tokenReservation.deleteMany({ where: { userId } });
      await tx.callStart.deleteMany({ where: { userId } });
      await tx.tokenUsage.updateMany({ where: { userId }, data: { userId: null } });
      // Their jobs (stories), waiting or kept after they finished, name them too. Outside the
      // transaction, but harmless to repeat: a failure here fails the delivery, which is retried.
      for (const name of jobs.names) await jobs.queue.forget(name, userId);
    }
    await emit('user.purged', { userId, service: CONSUMER }, null);
    await events.forget(tx, userId);
  });
}
