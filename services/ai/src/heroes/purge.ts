import { type JobQueue, purgedHeroHash, purgeOnUserDeleted } from '@lifequest/platform';
import { type AiEvents, CONSUMER } from '../db.ts';

/**
 * A deleted hero leaves no words behind: conversations, advisor messages, the plan draft, stories,
 * budget reservations and the call starts the per-hero rate counts go, and so do ai's published events
 * about them. Token usage stays, without the hero's id, so the cost history the admin sees stays true.
 * user.purged tells the admin ai is done (docs/architecture.md#deletion).
 */
export async function purgeDeletedHeroes(
  events: AiEvents,
  jobs: { queue: JobQueue; names: readonly string[] },
): Promise<void> {
  await purgeOnUserDeleted(events, CONSUMER, async (tx, userId) => {
    // Waits for the hero's calls in flight, then refuses any later row of theirs (migration 0007).
    await tx.$executeRaw`select pg_advisory_xact_lock("ai"."hero_lock_key"(${userId}::uuid))`;
    await tx.erasedHero.createMany({ data: [{ idHash: purgedHeroHash(userId) }], skipDuplicates: true });
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
  });
}
