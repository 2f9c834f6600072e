import { createHash } from 'node:crypto';
import { createEnvelope, type EventEnvelope } from '@lifequest/proto';
import type { EventBus, SqlTx } from './events/ports.ts';
import type { ServiceEvents } from './events/service-events.ts';

/**
 * A hero's deletion (docs/architecture.md#deletion) is "purge" everywhere in the code: on auth's
 * user.deleted, each holder of the hero's data purges its own rows, then confirms with user.purged (the
 * admin shows the deletion as pending until every holder has).
 */

/**
 * What a service may keep of a hero it purged, to ignore events about them that arrive late: a SHA-256
 * of their id, once nothing else holds the id (so the hash leads back to nobody).
 */
export function purgedHeroHash(userId: string): string {
  return createHash('sha256').update(userId.toLowerCase()).digest('hex');
}

export interface PurgeOptions {
  /**
   * The part of the purge outside the database (a copy in Redis), once the rows are gone: it runs
   * after the purge's transaction commits, so it never holds that transaction open, and whatever reads
   * the database from then on no longer finds the hero. Also run on a redelivery of the same event.
   */
  afterCommit?: (userId: string) => Promise<void>;
}

/**
 * Purges each deleted hero's data from `service`: on user.deleted, runs `purge`, then confirms with
 * user.purged. A service with an outbox does both in one unit of work (the inbox makes a redelivered
 * user.deleted change nothing), and its outbox keeps none of its published events about the hero: the
 * confirmation goes once published. The gateway, without an outbox, publishes the confirmation itself
 * once its purge is done: a failed publish fails the delivery, and the bus retries both.
 */
export function purgeOnUserDeleted<Tx extends SqlTx>(
  events: ServiceEvents<Tx>,
  service: string,
  purge: (tx: Tx, userId: string) => Promise<void>,
  options?: PurgeOptions,
): Promise<void>;
export function purgeOnUserDeleted(
  bus: EventBus,
  service: string,
  purge: (userId: string) => Promise<void>,
): Promise<void>;
export async function purgeOnUserDeleted<Tx extends SqlTx>(
  eventsOrBus: ServiceEvents<Tx> | EventBus,
  service: string,
  purge: ((tx: Tx, userId: string) => Promise<void>) | ((userId: string) => Promise<void>),
  options: PurgeOptions = {},
): Promise<void> {
  if ('transaction' in eventsOrBus) {
    const events = eventsOrBus;
    const purgeRows = purge as (tx: Tx, userId: string) => Promise<void>;
    const { afterCommit } = options;
    await events.subscribe(
      service,
      ['user.deleted'],
      async (event, tx, emit) => {
        const { userId } = event.payload;
        await purgeRows(tx, userId);
        // Emitted before the outbox's purge, which then takes it too once published.
        await emit('user.purged', { userId, service }, null);
        await events.purgeOutbox(tx, userId);
      },
      afterCommit
        ? { afterCommit: (event) => afterCommit((event as EventEnvelope<'user.deleted'>).payload.userId) }
        : {},
    );
    return;
  }
  const bus = eventsOrBus;
  const purgeHeld = purge as (userId: string) => Promise<void>;
  await bus.subscribe(service, ['user.deleted'], async (event) => {
    if (event.name !== 'user.deleted') return;
    const { userId } = event.payload;
    await purgeHeld(userId);
    await bus.publish(createEnvelope('user.purged', { userId, service }, null));
  });
}
