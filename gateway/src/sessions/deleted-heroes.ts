import { type EventBus, purgeOnUserDeleted } from '@lifequest/platform';
import type { SessionStore } from './store.ts';

/** The gateway's queue on the bus. */
export const GATEWAY_CONSUMER = 'gateway';

/**
 * A deleted hero's sessions end in both stores: at user.deletion_requested, so they stop the moment an
 * admin asks, and again as the gateway's purge at user.deleted (auth has deleted the hero), in case they
 * signed in meanwhile; then the gateway confirms with user.purged. It has no outbox (no database when
 * distributed), so the platform's purge publishes the confirmation once the sessions are gone, and
 * ending them again on a retry changes nothing.
 */
export async function endSessionsOfDeletedHeroes(bus: EventBus, sessions: SessionStore): Promise<void> {
  await bus.subscribe(GATEWAY_CONSUMER, ['user.deletion_requested'], async (event) => {
    if (event.name === 'user.deletion_requested') await sessions.destroyForUser(event.payload.userId);
  });
  await purgeOnUserDeleted(bus, GATEWAY_CONSUMER, (userId) => sessions.destroyForUser(userId));
}
