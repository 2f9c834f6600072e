// The streak-rollover job (docs/features/daily-loop.md#jobs), every 15 minutes: for each hero with a
// streak, their streak as of now in their own zone (rankings' type=streak follows it), and the
// notifications the moment calls for, each at most once (one per source and hero):
// - streak frozen: yesterday was missed and a freeze held the streak;
// - streak at risk: it is evening where the hero is (18:00 or later), today is not done and the
//   streak is alive (never for a day already done, nor on vacation);
// - challenge ending: a challenge the hero is in ends within 24 hours.
import type { SqlTx } from '@lifequest/platform';
import { addDays, localDay, localHour } from '@lifequest/proto';
import type { SocialEvents } from '../db.ts';
import { notify } from '../notifications/store.ts';
import { heroZone, loadStreak } from './store.ts';

export const STREAK_ROLLOVER = 'streak-rollover';
export const STREAK_ROLLOVER_EVERY_MS = 15 * 60_000;
/** From this local hour on, a streak not yet kept today is at risk. */
export const EVENING_HOUR = 18;

export async function rollStreaks(events: SocialEvents, now: Date): Promise<string> {
  const heroes = await events.sqlTransaction((tx) =>
    tx.$queryRawUnsafe<{ user_id: string }[]>(
      `select distinct d.user_id from "social"."streak_days" d
         join "social"."heroes" h on h.id = d.user_id`,
    ),
  );
  let frozen = 0;
  let atRisk = 0;
  for (const { user_id: userId } of heroes) {
    const told = await events.sqlTransaction((tx) => rollHero(tx, userId, now));
    frozen += told.frozen ? 1 : 0;
    atRisk += told.atRisk ? 1 : 0;
  }
  const ending = await events.sqlTransaction((tx) => challengesEnding(tx, now));
  return `${heroes.length} streaks rolled; ${frozen} frozen, ${atRisk} at risk, ${ending} challenge reminders`;
}

async function rollHero(tx: SqlTx, userId: string, now: Date) {
  const zone = await heroZone(tx, userId);
  const today = localDay(now, zone);
  const state = await loadStreak(tx, userId, today);
  await tx.$executeRawUnsafe(
    `update "social"."heroes" set streak_current = $2::int where id = $1::uuid`,
    userId,
    state.current,
  );
  const yesterday = addDays(today, -1);
  let frozen = false;
  if (state.frozenDays.includes(yesterday)) {
    const left = state.freezesAvailable;
    frozen = await notify(tx, {
      userId,
      kind: 'streak_frozen',
      title: 'Streak frozen',
      body: `You missed ${yesterday}, and a freeze kept your ${state.current}-day streak alive (${left} left).`,
      link: '/profile#streak',
      sourceKey: `streak-frozen:${yesterday}`,
      at: now,
    });
  }
  let atRisk = false;
  if (state.current > 0 && !state.todayDone && localHour(now, zone) >= EVENING_HOUR) {
    const [vacation] = await tx.$queryRawUnsafe<unknown[]>(
      `select 1 from "social"."streak_vacations"
        where user_id = $1::uuid and starts_on <= $2::date and until >= $2::date`,
      userId,
      today,
    );
    if (!vacation) {
      atRisk = await notify(tx, {
        userId,
        kind: 'streak_at_risk',
        title: 'Your streak is at risk',
        body: `Complete a milestone or log progress before midnight to keep your ${state.current}-day streak.`,
        link: '/pathfinder',
        sourceKey: `streak-risk:${today}`,
        at: now,
      });
    }
  }
  return { frozen, atRisk };
}

/** Tells each participant of a challenge ending within 24 hours, once per challenge. */
async function challengesEnding(tx: SqlTx, now: Date): Promise<number> {
  const rows = await tx.$queryRawUnsafe<
    { user_id: string; challenge_id: string; title: string; progress: number; target_value: number }[]
  >(
    `select p.user_id, c.id as challenge_id, c.title, p.progress, c.target_value
       from "social"."challenges" c
       join "social"."challenge_participants" p on p.challenge_id = c.id
      where c.ends_at > $1::timestamptz and c.ends_at <= $1::timestamptz + interval '24 hours'`,
    now.toISOString(),
  );
  let told = 0;
  for (const row of rows) {
    const added = await notify(tx, {
      userId: row.user_id,
      kind: 'challenge_ending',
      title: `“${row.title}” ends within 24 hours`,
      body: `You are at ${row.progress}/${row.target_value}.`,
      link: '/social?tab=challenges',
      sourceKey: `challenge-ending:${row.challenge_id}`,
      at: now,
    });
    if (added) told++;
  }
  return told;
}
