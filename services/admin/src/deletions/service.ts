import { AppError } from '@lifequest/platform';
import type { AdminDeletion } from '@lifequest/proto';
import { type AdminEvents, type AdminTx, CONSUMER } from '../db.ts';
import { isPurged, lockDeletionOf, purgeHero } from './purged.ts';

/**
 * Permanent deletion of a hero (docs/architecture.md#deletion), driven by events: the admin records the request with
 * user.deletion_requested; auth deletes the hero and publishes user.deleted; every other holder of
 * their data purges its own rows and confirms with user.purged. The deletion stays 'pending' (and the
 * panel shows who has not confirmed) until all have; the admin then purges the hero too.
 */
export class DeletionService {
  readonly #events: AdminEvents;
  readonly #adminEmails: readonly string[];
  readonly #holders: readonly string[];

  constructor(events: AdminEvents, options: { adminEmails: readonly string[]; holders: readonly string[] }) {
    this.#events = events;
    this.#adminEmails = options.adminEmails;
    this.#holders = options.holders;
  }

  /** Requests the deletion; asking again while it runs, or after it completed, changes nothing. */
  async request(adminId: string, userId: string): Promise<AdminDeletion> {
    if (userId === adminId) throw new AppError('ADMIN_DELETE_SELF', 'You cannot delete your own account.');
    return this.#events.transaction(async (tx, emit) => {
      await lockDeletionOf(tx, userId);
      if (await isPurged(tx, userId)) return { id: userId, status: 'completed', pending_services: [] };
      const hero = await tx.hero.findUnique({ where: { id: userId } });
      if (!hero?.email) throw new AppError('USER_NOT_FOUND', 'No hero with this id.');
      if (this.#adminEmails.includes(hero.email.toLowerCase())) {
        throw new AppError('ADMIN_DELETE_ADMIN', 'An admin account cannot be deleted from the admin panel.');
      }
      const started = await tx.deletion.createManyAndReturn({
        data: [{ userId, requestedBy: adminId, pending: [...this.#holders] }],
        skipDuplicates: true,
      });
      if (started.length > 0) {
        await emit('user.deletion_requested', { userId, requestedBy: adminId }, adminId);
        return { id: userId, status: 'pending', pending_services: [...this.#holders] };
      }
      const running = await tx.deletion.findUniqueOrThrow({ where: { userId } });
      return { id: userId, status: 'pending', pending_services: running.pending };
    });
  }
}

export const DELETION_EVENTS = ['user.deleted', 'user.purged'] as const;

/**
 * Follows the confirmations: auth's user.deleted and every other holder's user.purged. A deletion the
 * hero asked for themselves (DELETE /api/auth/me, docs/features/data-ownership.md#deletion) has no row
 * here yet: the first confirmation about them opens it, with every holder pending, whichever of them
 * arrives first (delivery order is not guaranteed). A hero already purged stays purged. The last
 * confirmation also drops every consumer's dead letters naming the hero (`forgetDeadLetters`).
 */
export async function followDeletions(
  events: AdminEvents,
  holders: readonly string[],
  forgetDeadLetters: (userId: string) => Promise<void> = async () => {},
  onForgetFailed: (userId: string, error: unknown) => void = () => {},
): Promise<void> {
  await events.subscribe(CONSUMER, DELETION_EVENTS, async (event, tx) => {
    const holder = event.name === 'user.deleted' ? 'auth' : event.payload.service;
    const { userId } = event.payload;
    await lockDeletionOf(tx, userId);
    if (await isPurged(tx, userId)) return;
    await tx.deletion.createMany({
      data: [{ userId, requestedBy: userId, pending: [...holders] }],
      skipDuplicates: true,
    });
    if (!(await confirm(tx, userId, holder))) return;
    await purgeHero(tx, userId);
    // admin's own published user.deletion_requested named the hero too.
    await events.purgeOutbox(tx, userId);
    // Every holder has purged: the events about the hero that a consumer gave up on go too, once this
    // commits (embedded, the dead letters are in the same database, which this transaction holds).
    setImmediate(() => {
      forgetDeadLetters(userId).catch((error: unknown) => onForgetFailed(userId, error));
    });
  });
}

/** Takes one holder's confirmation; whether it was the last one (the deletion is then complete). */
async function confirm(tx: AdminTx, userId: string, holder: string): Promise<boolean> {
  // One statement, so confirmations handled at the same time each see the other's (the row is locked).
  const [deletion] = await tx.$queryRaw<{ pending: string[] }[]>`
    update "admin"."deletions" set pending = array_remove(pending, ${holder})
    where user_id = ${userId}::uuid returning pending`;
  return deletion !== undefined && deletion.pending.length === 0;
}
