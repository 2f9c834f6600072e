import { AppError, type Queryable } from '@lifequest/platform';
import {
  activeClassTitle,
  type FirstGoal,
  isUuid,
  type LoginBody,
  lifeLevelForXp,
  type OnboardingResult,
  type RegisterBody,
  type UpdateMeBody,
  type User,
} from '@lifequest/proto';
import type { AuthDb, AuthEvents } from '../db.ts';
import type { User as UserRow } from '../generated/prisma/client.ts';
import { totalXp } from '../xp/ledger.ts';
import { profileChanged, userOnboarded, userRegistered, userUpdated } from './events.ts';
import { dummyHash, hashPassword, verifyPassword } from './password.ts';

/** Where the onboarding's first goal becomes a quest: the quests service. */
export interface FirstQuests {
  /**
   * Creates the hero's first quest, once ever: a retried onboarding makes no second one, nor a new one
   * after the hero deleted it. Refuses a first goal quests would refuse (a deadline in the past: 400).
   */
  create(userId: string, firstGoal: FirstGoal): Promise<void>;
}

export class HeroService {
  readonly #db: AuthDb;
  readonly #adminEmails: readonly string[];
  readonly #events: AuthEvents;
  readonly #firstQuests: FirstQuests;
  readonly #sql: Queryable;

  constructor(
    db: AuthDb,
    adminEmails: readonly string[],
    events: AuthEvents,
    firstQuests: FirstQuests,
    /** The same database through its driver, for the polled read of the hero (`me`). */
    sql: Queryable,
  ) {
    this.#db = db;
    this.#sql = sql;
    this.#adminEmails = adminEmails;
    this.#events = events;
    this.#firstQuests = firstQuests;
  }

  async register(body: RegisterBody): Promise<User> {
    const passwordHash = await hashPassword(body.password);
    try {
      const user = await this.#events.transaction(async (tx, emit) => {
        const created = await tx.user.create({
          data: { email: body.email, name: body.name, credential: { create: { passwordHash } } },
        });
        await emit('user.registered', userRegistered(created), created.id);
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

  /** The hero and their totals in one statement on the driver: the header reads this after every toggle. */
  async me(userId: string): Promise<User> {
    const [row] = isUuid(userId) ? await this.#sql.query<MeRow>(ME, [userId]) : [];
    if (!row) throw new AppError('UNAUTHENTICATED', 'Your account no longer exists. Sign in again.');
    const { total, ...user } = row;
    return this.toUser({ ...user, createdAt: new Date(user.createdAt) }, total);
  }

  /**
   * The quest is made first: if quests cannot make it, onboarding fails (503) and the hero stays
   * un-onboarded, free to retry. The quest is then visible as soon as this returns. A new name or class
   * is also announced as user.updated, in the same unit of work.
   */
  async completeOnboarding(userId: string, result: OnboardingResult): Promise<User> {
    // A hero already onboarded has had their first quest (quests also makes it once, ever, but only
    // knows so for onboardings it recorded): a repeat may change the name and class, not add a quest.
    const onboarded = await this.#db.user.findUnique({
      where: { id: userId },
      select: { isOnboarded: true },
    });
    if (result.firstGoal && !onboarded?.isOnboarded) await this.#firstQuests.create(userId, result.firstGoal);
    const user = await this.#events.transaction(async (tx, emit) => {
      const before = await tx.user.findUnique({ where: { id: userId } });
      if (!before) throw new AppError('UNAUTHENTICATED', 'Your account no longer exists. Sign in again.');
      const updated = await tx.user.update({
        where: { id: userId },
        data: { name: result.displayName, primaryClass: result.primaryClass, isOnboarded: true },
      });
      await emit('user.onboarded', userOnboarded(updated), userId);
      if (profileChanged(before, updated)) await emit('user.updated', userUpdated(updated), userId);
      return updated;
    });
    return this.toUser(user, await this.totalXp(userId));
  }

  /** PATCH /api/auth/me: a change other services keep a copy of is announced as user.updated. */
  async updateMe(userId: string, body: UpdateMeBody): Promise<User> {
    const user = await this.#events.transaction(async (tx, emit) => {
      const before = await tx.user.findUnique({ where: { id: userId } });
      if (!before) throw new AppError('UNAUTHENTICATED', 'Your account no longer exists. Sign in again.');
      const updated = await tx.user.update({
        where: { id: userId },
        data: { timeZone: body.timezone },
      });
      if (profileChanged(before, updated)) await emit('user.updated', userUpdated(updated), userId);
      return updated;
    });
    return this.toUser(user, await this.totalXp(userId));
  }

  /** totalXP is always the sum of the XP ledger. */
  totalXp(userId: string): Promise<number> {
    return totalXp(this.#db, userId);
  }

  toUser(
    row: Pick<UserRow, 'id' | 'name' | 'email' | 'isOnboarded' | 'primaryClass' | 'createdAt' | 'timeZone'>,
    totalXP: number,
  ): User {
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
      timezone: row.timeZone,
    };
  }
}

interface MeRow {
  id: string;
  name: string;
  email: string;
  isOnboarded: boolean;
  primaryClass: string;
  createdAt: Date | string;
  timeZone: string;
  total: number;
}

const ME = `
  select u.id, u.name, u.email, u.is_onboarded as "isOnboarded", u.primary_class as "primaryClass",
         u.created_at as "createdAt", u.time_zone as "timeZone",
         (select coalesce(sum(amount), 0)::int from auth.xp_ledger where user_id = u.id) as total
    from auth.users u where u.id = $1::uuid`;

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
}
