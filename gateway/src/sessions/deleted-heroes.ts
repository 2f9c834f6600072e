import type { EventBus } from '@lifequest/platform';
import { createEnvelope } from '@lifequest/proto';
import type { SessionStore } from './store.ts';

/** The gateway's queue on the bus. */
export const GATEWAY_CONSUMER = 'gateway';

/**
 * A deleted hero's sessions end in both stores: at user.deletion_requested, so they stop the moment an
 * admin asks, and again at user.deleted (auth has deleted the hero), in case they signed in meanwhile;
 * then the gateway confirms with user.purged. It has no outbox (no database when distributed), so it
 * publishes the confirmation itself once the sessions are gone: a failed publish fails the delivery,
 * the bus retries it, and ending the sessions again changes nothing.
 */
export async function endSessionsOfDeletedHeroes(bus: EventBus, sessions: SessionStore): Promise<void> {
  await bus.subscribe(GATEWAY_CONSUMER, ['user.deletion_requested', 'user.deleted'], async (event) => {
    if (event.name !== 'user.deletion_requested' && event.name !== 'user.deleted') return;
    const { userId } = event.payload;
    await sessions.destroyForUser(userId);
    if (event.name !== 'user.deleted') return;
    await bus.publish(createEnvelope('user.purged', { userId, service: GATEWAY_CONSUMER }, null));
  });
}
