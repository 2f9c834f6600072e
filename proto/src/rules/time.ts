// Time labels and calendar dates. `now` is always a parameter so callers and tests control the clock.
// Calendar dates (due dates, deadlines, targets) are read and written in UTC: they are stored as
// yyyy-mm-dd or as midnight UTC, and formatting them in a local zone would move them a day for heroes
// west of Greenwich.

export type DateInput = Date | string | number;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function toTime(input: DateInput): number {
  return input instanceof Date ? input.getTime() : new Date(input).getTime();
}

/**
 * Feed labels (docs/product.md#fellowship-hall): under 1 minute 'Just now', then 'Nm ago', 'Nh ago', 'Nd ago', each rounded down.
 * A time slightly in the future (clock skew between server and browser) also reads 'Just now'.
 * An unreadable time gives '' rather than 'NaNm ago'.
 */
export function timeAgo(when: DateInput, now: DateInput = new Date()): string {
  const elapsed = toTime(now) - toTime(when);
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  return `${Math.floor(elapsed / DAY)}d ago`;
}

/** Whole days until a challenge ends, rounded up (docs/product.md#challenges): 1.2 days left counts as 2. NaN if unreadable. */
export function daysLeft(endDate: DateInput, now: DateInput = new Date()): number {
  return Math.ceil((toTime(endDate) - toTime(now)) / DAY);
}

export const ENDING_SOON = 'Ending soon';

/** The challenge card label: 'Ending soon' at 0 days or less (docs/product.md#challenges), otherwise '1 day left' / 'N days left'. */
export function challengeTimeLeft(endDate: DateInput, now: DateInput = new Date()): string {
  const days = daysLeft(endDate, now);
  if (Number.isNaN(days) || days <= 0) return ENDING_SOON;
  return days === 1 ? '1 day left' : `${days} days left`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A due date or target date for display, e.g. 'Mar 5, 2026'. Absent or unreadable dates give '' so an
 * optional deadline can be shown only when present. Month names are fixed rather than locale-driven so
 * server-rendered and browser text agree.
 */
export function formatDate(date: DateInput | null | undefined): string {
  if (date === null || date === undefined || date === '') return '';
  const time = toTime(date);
  if (Number.isNaN(time)) return '';
  const day = new Date(time);
  return `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}

/** The UTC calendar date of a moment as ISO yyyy-mm-dd. */
export function toIsoDate(date: DateInput): string {
  const time = toTime(date);
  if (Number.isNaN(time)) throw new RangeError(`Not a date: ${String(date)}`);
  return new Date(time).toISOString().slice(0, 10);
}

/** Calendar arithmetic on yyyy-mm-dd dates; UTC has no daylight-saving days to skew the count. */
export function addDays(isoDate: string, days: number): string {
  const time = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(time)) throw new RangeError(`Not a yyyy-mm-dd date: ${isoDate}`);
  return toIsoDate(time + days * DAY);
}

/** Whole calendar days from `from` to `to` (both yyyy-mm-dd); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round(
    (Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / DAY,
  );
}

/** The UTC calendar day [start, end) a moment falls in: daily XP ceilings and daily bonuses count by it. */
export function utcDay(moment: DateInput): { start: Date; end: Date } {
  const start = Date.parse(`${toIsoDate(moment)}T00:00:00Z`);
  return { start: new Date(start), end: new Date(start + DAY) };
}
