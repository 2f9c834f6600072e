import type { AuthEvents } from '../db.ts';

/** What auth consumes to delete a hero. */
export const DELETION_EVENTS = ['user.deletion_requested'] as const;

/**
 * Permanent deletion, asked by an admin (user.deletion_requested): the hero goes with their credentials
 * and XP ledger (on delete cascade), and so do auth's published events about them; user.deleted then
 * tells every other holder of their data to purge it, and the gateway to end their sessions. Asked
 * again, it announces user.deleted again, which every purge takes calmly.
 */
export async function deleteHeroesOnRequest(events: AuthEvents): Promise<void> {
  await events.subscribe('auth', DELETION_EVENTS, async (event, tx, emit) => {
    const { userId } = event.payload;
    await tx.user.deleteMany({ where: { id: userId } });
    await emit('user.deleted', { userId }, event.actorId);
    await events.purgeOutbox(tx, userId);
  });
}
