import { AppError, type Queryable } from '@lifequest/platform';
import {
  activeClassTitle,
  checkHeroName,
  type FirstGoal,
  isLocale,
  isUuid,
  type LoginBody,
  lifeLevelForXp,
  type OnboardingResult,
  RENAME_INTERVAL_MS,
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
  readonly #now: () => Date;

  constructor(
    db: AuthDb,
    adminEmails: readonly string[],
    events: AuthEvents,
    firstQuests: FirstQuests,
    /** The same database through its driver, for the polled read of the hero (`me`) and totalXP. */
    sql: Queryable,
    now: () => Date = () => new Date(),
  ) {
    this.#now = now;
    this.#db = db;
    this.#sql = sql;
    this.#adminEmails = adminEmails;
    this.#events = events;
    this.#firstQuests = firstQuests;
  }

  async register(body: RegisterBody): Promise<User> {
    const name = heroName(body.name);
    const passwordHash = await hashPassword(body.password);
    try {
      const user = await this.#events.transaction(async (tx, emit) => {
        const created = await tx.user.create({
          data: { email: body.email, name, credential: { create: { passwordHash } } },
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

  /**
   * The hero and their totals in one statement on the driver, both rows by key (totalXP is kept beside
   * the ledger): the header reads this after every toggle.
   */
  async me(userId: string): Promise<User> {
    const [row] = isUuid(userId) ? await this.#sql.query<MeRow>(ME, [userId]) : [];
    if (!row) throw new AppError('UNAUTHENTICATED', 'Your account no longer exists. Sign in again.');
    const { total, ...user } = row;
    return this.toUser(
      {
        ...user,
        createdAt: new Date(user.createdAt),
        nameChangedAt: user.nameChangedAt === null ? null : new Date(user.nameChangedAt),
      },
      total,
    );
  }

  /**
   * The quest is made first: if quests cannot make it, onboarding fails (503) and the hero stays
   * un-onboarded, free to retry. The quest is then visible as soon as this returns. A new name or class
   * is also announced as user.updated, in the same unit of work.
   */
  async completeOnboarding(userId: string, result: OnboardingResult): Promise<User> {
    const displayName = heroName(result.displayName);
    // Onboarding happens once: a hero already onboarded renames themself through PATCH /api/auth/me,
    // under its daily limit, and has had their first quest.
    const onboarded = await this.#db.user.findUnique({
      where: { id: userId },
      select: { isOnboarded: true },
    });
    if (onboarded?.isOnboarded) throw alreadyOnboarded();
    if (result.firstGoal) await this.#firstQuests.create(userId, result.firstGoal);
    const user = await this.#events.transaction(async (tx, emit) => {
      const before = await tx.user.findUnique({ where: { id: userId } });
      if (!before) throw new AppError('UNAUTHENTICATED', 'Your account no longer exists. Sign in again.');
      // Two onboardings racing: only the one that flips the flag goes on.
      const flipped = await tx.user.updateMany({
        where: { id: userId, isOnboarded: false },
        data: { name: displayName, primaryClass: result.primaryClass, isOnboarded: true },
      });
      if (flipped.count === 0) throw alreadyOnboarded();
      const updated = await tx.user.findUniqueOrThrow({ where: { id: userId } });
      await emit('user.onboarded', userOnboarded(updated), userId);
      if (profileChanged(before, updated)) await emit('user.updated', userUpdated(updated), userId);
      return updated;
    });
    return this.toUser(user, await this.totalXp(userId));
  }

  /**
   * PATCH /api/auth/me: applies the fields present. A new name follows the name rules and may change
   * once a day (the same name again is no change and costs nothing); leaving or rejoining the rankings
   * is free, and so is the time zone. What other services show of the hero is announced as user.updated.
   */
  async updateMe(userId: string, body: UpdateMeBody): Promise<User> {
    const name = body.name === undefined ? undefined : heroName(body.name);
    const now = this.#now();
    await this.#events.transaction(async (tx, emit) => {
      // Locked, so two renames at once cannot both pass the daily limit.
      const [before] = await tx.$queryRaw<{ id: string }[]>`
        select id from "auth"."users" where id = ${userId}::uuid for update`;
      if (!before) throw new AppError('UNAUTHENTICATED', 'Your account no longer exists. Sign in again.');
      const current = await tx.user.findUniqueOrThrow({ where: { id: userId } });
      const data: {
        name?: string;
        nameChangedAt?: Date;
        showInRankings?: boolean;
        timeZone?: string;
        locale?: string | null;
      } = {};
      if (name !== undefined && name !== current.name) {
        const next = nextRenameAt(current.nameChangedAt, now);
        if (next) throw renameTooSoon(next, now);
        data.name = name;
        data.nameChangedAt = now;
      }
      if (body.show_in_rankings !== undefined && body.show_in_rankings !== current.showInRankings) {
        data.showInRankings = body.show_in_rankings;
      }
      if (body.timezone !== undefined && body.timezone !== current.timeZone) data.timeZone = body.timezone;
      if (body.locale !== undefined && body.locale !== current.locale) data.locale = body.locale;
      if (Object.keys(data).length === 0) return;
      const updated = await tx.user.update({ where: { id: userId }, data });
      await emit('user.updated', userUpdated(updated), userId);
    });
    return this.me(userId);
  }

  /** totalXP is always the sum of the XP ledger (kept beside it: ledger.ts). */
  totalXp(userId: string): Promise<number> {
    return totalXp(this.#sql, userId);
  }

  toUser(
    row: Pick<UserRow, 'id' | 'name' | 'email' | 'isOnboarded' | 'primaryClass' | 'createdAt' | 'timeZone'> &
      Partial<Pick<UserRow, 'showInRankings' | 'nameChangedAt' | 'locale'>>,
    totalXP: number,
  ): User {
    const next = nextRenameAt(row.nameChangedAt ?? null, this.#now());
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
      showInRankings: row.showInRankings ?? true,
      nextRenameAt: next ? next.toISOString() : null,
      timezone: row.timeZone,
      locale: isLocale(row.locale) ? row.locale : null,
    };
  }
}

/** The name as stored, or 400 INVALID_NAME saying why (the rules: checkHeroName). */
function heroName(raw: string): string {
  const check = checkHeroName(raw);
  if (!check.ok) throw new AppError('INVALID_NAME', check.reason);
  return check.name;
}

/** When a hero who last renamed themself at `changedAt` may do so again, or null when they may now. */
function nextRenameAt(changedAt: Date | null, now: Date): Date | null {
  if (!changedAt) return null;
  const next = new Date(changedAt.getTime() + RENAME_INTERVAL_MS);
  return next > now ? next : null;
}

function renameTooSoon(next: Date, now: Date): AppError {
  return new AppError(
    'RENAME_TOO_SOON',
    `You can change your name once a day: next after ${next.toISOString()}.`,
    {
      retryAfterSeconds: (next.getTime() - now.getTime()) / 1000,
    },
  );
}

function alreadyOnboarded(): AppError {
  return new AppError(
    'ALREADY_ONBOARDED',
    'You have already completed onboarding. Change your name from your profile.',
  );
}

interface MeRow {
  id: string;
  name: string;
  email: string;
  isOnboarded: boolean;
  primaryClass: string;
  createdAt: Date | string;
  showInRankings: boolean;
  nameChangedAt: Date | string | null;
  timeZone: string;
  locale: string | null;
  total: number;
}

const ME = `
  select u.id, u.name, u.email, u.is_onboarded as "isOnboarded", u.primary_class as "primaryClass",
         u.created_at as "createdAt", u.show_in_rankings as "showInRankings",
         u.name_changed_at as "nameChangedAt", u.time_zone as "timeZone", u.locale,
         coalesce(t.total, 0) as total
    from auth.users u left join auth.xp_totals t on t.user_id = u.id
   where u.id = $1::uuid`;

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
}
