import { AppError, type HttpServer } from '@lifequest/platform';
import { AccountDeletion, DeleteAccountBody } from '@lifequest/proto';
import type { AuthDb, AuthEvents } from '../db.ts';
import { dummyHash, verifyPassword } from './password.ts';

/**
 * A hero deleting their own account (docs/features/data-ownership.md#deletion). The same deletion as an
 * admin's from here on: the hero goes with their credentials and XP ledger, auth's outbox forgets them,
 * and user.deleted tells every holder to purge and confirm with user.purged (the admin service follows
 * those confirmations as for a deletion it asked for).
 */
export class SelfDeletion {
  readonly #db: AuthDb;
  readonly #events: AuthEvents;
  readonly #adminEmails: readonly string[];

  constructor(db: AuthDb, events: AuthEvents, adminEmails: readonly string[]) {
    this.#db = db;
    this.#events = events;
    this.#adminEmails = adminEmails;
  }

  async delete(userId: string, password: string): Promise<void> {
    const user = await this.#db.user.findUnique({ where: { id: userId }, include: { credential: true } });
    // The hash is checked even for a hero already gone, so the answer's time tells nothing.
    const ok = await verifyPassword(user?.credential?.passwordHash ?? (await dummyHash), password);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Your account no longer exists. Sign in again.');
    if (!ok) throw new AppError('INVALID_CREDENTIALS', 'Invalid credentials: the password is wrong.');
    if (this.#adminEmails.includes(user.email.toLowerCase())) {
      // ADMIN_EMAILS accounts are created at every boot: a deleted one would come back, empty.
      throw new AppError(
        'SELF_DELETE_ADMIN',
        'An admin account cannot delete itself: remove it from ADMIN_EMAILS first.',
      );
    }
    await this.#events.transaction(async (tx, emit) => {
      await tx.user.deleteMany({ where: { id: userId } });
      await emit('user.deleted', { userId }, userId);
      await this.#events.purgeOutbox(tx, userId);
    });
  }
}

export function selfDeletionRoutes(app: HttpServer, deletion: SelfDeletion): void {
  // The gateway ends every session of the hero before this answer leaves it (gateway/src/account-deletion.ts).
  app.delete(
    '/api/auth/me',
    { config: { access: 'hero' }, schema: { body: DeleteAccountBody, response: { 202: AccountDeletion } } },
    async (request, reply) => {
      await deletion.delete(request.hero.userId, request.body.password);
      return reply.code(202).send({ status: 'deleting' });
    },
  );
}
