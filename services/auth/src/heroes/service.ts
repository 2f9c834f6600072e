import { AppError } from '@lifequest/platform';
import {
  activeClassTitle,
  type LoginBody,
  lifeLevelForXp,
  type OnboardingResult,
  type RegisterBody,
  type User,
} from '@lifequest/proto';
import type { AuthDb } from '../db.ts';
import type { User as UserRow } from '../generated/prisma/client.ts';
import { dummyHash, hashPassword, verifyPassword } from './password.ts';

export interface HeroEvents {
  registered(tx: unknown, user: UserRow): Promise<void>;
  onboarded(tx: unknown, user: UserRow): Promise<void>;
}

export class HeroService {
  readonly #db: AuthDb;
  readonly #adminEmails: readonly string[];
  readonly #events: HeroEvents;

  constructor(db: AuthDb, adminEmails: readonly string[], events: HeroEvents) {
    this.#db = db;
    this.#adminEmails = adminEmails;
    this.#events = events;
  }

  async register(body: RegisterBody): Promise<User> {
    const passwordHash = await hashPassword(body.password);
    try {
      const user = await this.#db.$transaction(async (tx) => {
        const created = await tx.user.create({
          data: { email: body.email, name: body.name, credential: { create: { passwordHash } } },
        });
        await this.#events.registered(tx, created);
        return created;
      });
      return this.toUser(user, 0);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('EMAIL_TAKEN', 'An account with this email already exists. Sign in instead.');
      }
      throw error;
    }
  }

  async login(body: LoginBody): Promise<User> {
    const user = await this.#db.user.findUnique({
      where: { email: body.email },
      include: { credential: true },
    });
    const ok = await verifyPassword(user?.credential?.passwordHash ?? (await dummyHash), body.password);
    if (!user || !ok) {
      throw new AppError('INVALID_CREDENTIALS', 'Invalid credentials: the email or password is wrong.');
    }
    return this.toUser(user, await this.totalXp(user.id));
  }

  async me(userId: string): Promise<User> {
    const user = await this.#db.user.findUnique({ where: { id: userId } });
    if (!user) throw new AppError('UNAUTHENTICATED', 'Your account no longer exists. Sign in again.');
    return this.toUser(user, await this.totalXp(userId));
  }

  async completeOnboarding(userId: string, result: OnboardingResult): Promise<User> {
    const user = await this.#db.$transaction(async (tx) => {
      const updated = await tx.user.update({
        where: { id: userId },
        data: { name: result.displayName, primaryClass: result.primaryClass, isOnboarded: true },
      });
      await this.#events.onboarded(tx, updated);
      return updated;
    });
    return this.toUser(user, await this.totalXp(userId));
  }

  /** totalXP is always the sum of the XP ledger; until quests award XP the ledger is empty. */
  async totalXp(_userId: string): Promise<number> {
    return 0;
  }

  toUser(row: UserRow, totalXP: number): User {
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      isOnboarded: row.isOnboarded,
      primaryClass: row.primaryClass as User['primaryClass'],
      activeClassTitle: activeClassTitle(row.primaryClass),
      lifeLevel: lifeLevelForXp(totalXP),
      totalXP,
      isAdmin: this.#adminEmails.includes(row.email),
      createdAt: row.createdAt.toISOString(),
    };
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
}
