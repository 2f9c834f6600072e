// A hero's streak in social's tables (docs/features/daily-loop.md#streaks). The days that counted are
// kept, one row per deed; the streak itself is always replayed from them (proto's computeStreak), so a
// deed taken back, a vacation or a missed day never leave a stale counter behind. Written as SQL on the
// driver: it runs inside the deed events' unit of work (consumer.ts), which is on the toggle's path.
import type { Emit, SqlTx } from '@lifequest/platform';
import {
  computeStreak,
  localDay,
  STREAK_MILESTONES,
  type StreakState,
  streakBonus,
  type Vacation,
} from '@lifequest/proto';
import { recordActivity, retractActivities } from '../feed/activities.ts';

export async function heroZone(tx: SqlTx, userId: string): Promise<string> {
  const [row] = await tx.$queryRawUnsafe<{ time_zone: string }[]>(
    `select time_zone from "social"."heroes" where id = $1::uuid`,
    userId,
  );
  return row?.time_zone ?? 'UTC';
}

/** The hero's counted days and vacations, and their streak on `today` (their local day). */
export async function loadStreak(tx: SqlTx, userId: string, today: string): Promise<StreakState> {
  const [row] = await tx.$queryRawUnsafe<{ days: string[] | null; vacations: Vacation[] | null }[]>(
    `select (select array_agg(distinct day::text) from "social"."streak_days" where user_id = $1::uuid) as days,
            (select json_agg(json_build_object('from', starts_on::text, 'until', until::text))
               from "social"."streak_vacations" where user_id = $1::uuid) as vacations`,
    userId,
  );
  return computeStreak(row?.days ?? [], row?.vacations ?? [], today);
}

export async function loadDays(tx: SqlTx, userId: string): Promise<string[]> {
  const rows = await tx.$queryRawUnsafe<{ day: string }[]>(
    `select distinct day::text as day from "social"."streak_days" where user_id = $1::uuid`,
    userId,
  );
  return rows.map((r) => r.day);
}

/** A deed (milestone or quest completed, progress logged) at `at` makes the hero's local day count. */
export async function countDeed(tx: SqlTx, emit: Emit, userId: string, sourceKey: string, at: Date) {
  const day = localDay(at, await heroZone(tx, userId));
  await tx.$executeRawUnsafe(
    `insert into "social"."streak_days" (user_id, day, source_key) values ($1::uuid, $2::date, $3)
     on conflict do nothing`,
    userId,
    day,
    sourceKey,
  );
  await settleStreak(tx, emit, userId, day, at);
}

/**
 * A deed taken back (a milestone or quest reopened) at `at`: it stops counting when it was done the
 * same local day. A day already gone by keeps what the hero did on it.
 */
export async function takeDeedBack(tx: SqlTx, emit: Emit, userId: string, sourceKey: string, at: Date) {
  const day = localDay(at, await heroZone(tx, userId));
  const removed = await tx.$queryRawUnsafe<unknown[]>(
    `delete from "social"."streak_days" where user_id = $1::uuid and day = $2::date and source_key = $3
     returning 1`,
    userId,
    day,
    sourceKey,
  );
  if (removed.length > 0) await settleStreak(tx, emit, userId, day, at);
}

interface AwardRow {
  days: number;
  earned_on: string;
  active: boolean;
  version: number;
}

/**
 * After the hero's day `today` changed: their streak for the rankings, and the streak milestones. A
 * milestone is reached once per hero (its feed activity and its XP bonus through auth's ledger); when
 * the day that reached it is taken back the same day, both go back.
 */
export async function settleStreak(tx: SqlTx, emit: Emit, userId: string, today: string, at: Date) {
  const state = await loadStreak(tx, userId, today);
  await tx.$executeRawUnsafe(
    `update "social"."heroes" set streak_current = $2::int where id = $1::uuid`,
    userId,
    state.current,
  );
  const awards = await tx.$queryRawUnsafe<AwardRow[]>(
    `select days, earned_on::text as earned_on, active, version from "social"."streak_awards"
      where user_id = $1::uuid for update`,
    userId,
  );
  for (const days of STREAK_MILESTONES) {
    const award = awards.find((a) => a.days === days);
    const sourceKey = `streak:${days}`;
    if (state.current >= days && !award?.active) {
      const version = award ? award.version + 1 : 0;
      await tx.$executeRawUnsafe(
        `insert into "social"."streak_awards" as a (user_id, days, earned_on, active, version)
         values ($1::uuid, $2::int, $3::date, true, $4::int)
         on conflict (user_id, days) do update
           set earned_on = excluded.earned_on, active = true, version = excluded.version`,
        userId,
        days,
        today,
        version,
      );
      await recordActivity(tx, {
        userId,
        type: 'achievement_unlocked',
        title: `${days}-Day Streak`,
        description: `Kept the flame burning ${days} days in a row`,
        sourceKey,
        createdAt: at,
      });
      await emit('streak.milestone_reached', { userId, days, xpBonus: streakBonus(days), version }, userId);
    } else if (award?.active && award.earned_on === today && state.current < days) {
      const version = award.version + 1;
      await tx.$executeRawUnsafe(
        `update "social"."streak_awards" set active = false, version = $3::int
          where user_id = $1::uuid and days = $2::int`,
        userId,
        days,
        version,
      );
      await retractActivities(tx, userId, { sourceKey });
      await emit('streak.milestone_revoked', { userId, days, version }, userId);
    }
  }
  return state;
}

/** Everything of the hero's streak and notifications, and notifications naming them (user.deleted). */
export async function purgeStreaks(tx: SqlTx, userId: string): Promise<void> {
  for (const table of ['streak_days', 'streak_vacations', 'streak_awards', 'notifications']) {
    await tx.$executeRawUnsafe(`delete from "social"."${table}" where user_id = $1::uuid`, userId);
  }
  // Others' notifications that name the hero (their request, acceptance or like) go too.
  await tx.$executeRawUnsafe(`delete from "social"."notifications" where subject_user_id = $1::uuid`, userId);
}
