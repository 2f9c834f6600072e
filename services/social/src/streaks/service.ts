import { AppError, type SqlTx } from '@lifequest/platform';
import { addDays, localDay, MAX_VACATION_DAYS, type StreakView } from '@lifequest/proto';
import type { SocialEvents } from '../db.ts';
import { heroZone, loadStreak } from './store.ts';

/** GET /api/streaks/me and the hero's vacation (docs/features/daily-loop.md#streaks). */
export class StreakService {
  readonly #events: SocialEvents;
  readonly #now: () => Date;

  constructor(events: SocialEvents, now: () => Date = () => new Date()) {
    this.#events = events;
    this.#now = now;
  }

  async me(userId: string): Promise<StreakView> {
    return this.#events.sqlTransaction(async (tx) => {
      const today = localDay(this.#now(), await heroZone(tx, userId));
      const state = await loadStreak(tx, userId, today);
      const [vacation] = await tx.$queryRawUnsafe<{ until: string }[]>(
        `select until::text as until from "social"."streak_vacations"
          where user_id = $1::uuid and until >= $2::date order by until desc limit 1`,
        userId,
        today,
      );
      return {
        current: state.current,
        longest: state.longest,
        today_done: state.todayDone,
        freezes_available: state.freezesAvailable,
        vacation_until: vacation?.until ?? null,
      };
    });
  }

  /** Pauses the streak from today to `until` (inclusive): those days neither count nor spend a freeze. */
  async startVacation(userId: string, until: string): Promise<StreakView> {
    await this.#events.sqlTransaction(async (tx) => {
      const today = localDay(this.#now(), await heroZone(tx, userId));
      if (until < today || until > addDays(today, MAX_VACATION_DAYS)) {
        throw new AppError(
          'VACATION_OUT_OF_RANGE',
          `A vacation ends between today (${today}) and ${addDays(today, MAX_VACATION_DAYS)}.`,
        );
      }
      // One vacation at a time: setting it again moves the end of the one in progress.
      await this.#endFrom(tx, userId, today);
      await tx.$executeRawUnsafe(
        `insert into "social"."streak_vacations" (user_id, starts_on, until) values ($1::uuid, $2::date, $3::date)
         on conflict (user_id, starts_on) do update set until = excluded.until`,
        userId,
        today,
        until,
      );
    });
    return this.me(userId);
  }

  /** Ends the vacation in progress: today counts as an ordinary day again. */
  async endVacation(userId: string): Promise<StreakView> {
    await this.#events.sqlTransaction(async (tx) => {
      const today = localDay(this.#now(), await heroZone(tx, userId));
      await this.#endFrom(tx, userId, today);
    });
    return this.me(userId);
  }

  /** Vacations reaching `today` end yesterday; one begun today is removed. The past stays as it was. */
  async #endFrom(tx: SqlTx, userId: string, today: string) {
    await tx.$executeRawUnsafe(
      `delete from "social"."streak_vacations" where user_id = $1::uuid and starts_on >= $2::date`,
      userId,
      today,
    );
    await tx.$executeRawUnsafe(
      `update "social"."streak_vacations" set until = $2::date - 1 where user_id = $1::uuid and until >= $2::date`,
      userId,
      today,
    );
  }
}
