// The daily streak (docs/features/daily-loop.md): which of the hero's days counted, and what that makes of
// their streak today. Pure: the days, the vacations and today are parameters, so a test can replay weeks
// of days in any time zone.
import { addDays, daysBetween } from './time.ts';

/** Streak lengths that are feed activities and earn a one-off XP bonus through auth's ledger. */
export const STREAK_MILESTONES = [7, 30, 100, 365] as const;
export type StreakMilestone = (typeof STREAK_MILESTONES)[number];

/** The bonus of each streak milestone: small, and capped (never more than STREAK_BONUS_CAP). */
export const STREAK_BONUS_CAP = 100;
export function streakBonus(days: StreakMilestone): number {
  return Math.min(STREAK_BONUS_CAP, days === 7 ? 20 : days === 30 ? 50 : 100);
}

/** A freeze is earned for each 7 counted days in a row, and at most this many are held. */
export const FREEZE_EVERY_DAYS = 7;
export const MAX_FREEZES = 2;
/** A vacation ends at most this many days after it is set. */
export const MAX_VACATION_DAYS = 30;

/** Whether `zone` is an IANA time zone this runtime knows ('Europe/Paris', 'UTC'). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (yyyy-mm-dd) a moment falls on in `zone`; an unknown zone counts as UTC. */
export function localDay(moment: Date, zone: string): string {
  let format = dayFormats.get(zone);
  if (!format) {
    const timeZone = isTimeZone(zone) ? zone : 'UTC';
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(zone, format);
  }
  return format.format(moment);
}

/** The hour of the day (0-23) a moment falls on in `zone`. */
export function localHour(moment: Date, zone: string): number {
  const hour = new Intl.DateTimeFormat('en-US', {
    timeZone: isTimeZone(zone) ? zone : 'UTC',
    hour: 'numeric',
    hourCycle: 'h23',
  }).format(moment);
  return Number(hour);
}

/** The weekday of a yyyy-mm-dd day: 0 Sunday ... 6 Saturday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** A vacation: the days from `from` to `until` (both yyyy-mm-dd, inclusive) neither count nor break. */
export interface Vacation {
  from: string;
  until: string;
}

export interface StreakState {
  current: number;
  longest: number;
  todayDone: boolean;
  freezesAvailable: number;
  /** Missed days a freeze was spent on, oldest first. */
  frozenDays: string[];
  /** The day the current streak began on (null while it is 0). */
  since: string | null;
}

/**
 * Replays the hero's days from the first one that counted up to `today` (their local day):
 * - a counted day extends the streak; each 7th counted day in a row earns a freeze (at most 2 held);
 * - a missed day on vacation changes nothing;
 * - any other missed day spends a freeze (the streak holds) or, with none, ends the streak;
 * - today not done yet is not missed: the hero still has until midnight.
 */
export function computeStreak(
  counted: Iterable<string>,
  vacations: readonly Vacation[],
  today: string,
): StreakState {
  const days = new Set(counted);
  const sorted = [...days].filter((d) => d <= today).sort();
  const state: StreakState = {
    current: 0,
    longest: 0,
    todayDone: days.has(today),
    freezesAvailable: 0,
    frozenDays: [],
    since: null,
  };
  const first = sorted[0];
  if (first === undefined) return state;
  const onVacation = (day: string) => vacations.some((v) => v.from <= day && day <= v.until);
  let inARow = 0;
  const span = daysBetween(first, today);
  for (let i = 0; i <= span; i++) {
    const day = addDays(first, i);
    if (days.has(day)) {
      if (state.current === 0) state.since = day;
      state.current++;
      inARow++;
      if (inARow % FREEZE_EVERY_DAYS === 0) {
        state.freezesAvailable = Math.min(MAX_FREEZES, state.freezesAvailable + 1);
      }
      state.longest = Math.max(state.longest, state.current);
    } else if (day === today || onVacation(day)) {
      // Not missed (yet): today is still open, and a vacation pauses the streak.
    } else if (state.current > 0 && state.freezesAvailable > 0) {
      state.freezesAvailable--;
      state.frozenDays.push(day);
      inARow = 0;
    } else {
      state.current = 0;
      state.since = null;
      inARow = 0;
    }
  }
  return state;
}

/**
 * The streak two friends share: the days both counted, with neither freezes nor vacations (a shared
 * flame only burns on days both of them did something). Ends at the last day both counted, and holds
 * through today while today is still open.
 */
export function sharedStreak(mine: Iterable<string>, theirs: Iterable<string>, today: string): number {
  const other = new Set(theirs);
  const both = new Set([...mine].filter((day) => other.has(day)));
  let day = both.has(today) ? today : addDays(today, -1);
  let count = 0;
  while (both.has(day)) {
    count++;
    day = addDays(day, -1);
  }
  return count;
}
