// Calendar arithmetic on whole UTC days. The coach reasons in dates, not instants, and UTC keeps the
// result independent of the machine's time zone (a hero's "June 1" is the same date everywhere).

const DAY_MS = 86_400_000;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Midnight UTC of the given instant's UTC date. */
export function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function utcDate(year: number, monthIndex: number, day: number): Date {
  return new Date(Date.UTC(year, monthIndex, day));
}

export function addDays(date: Date, days: number): Date {
  return new Date(startOfDay(date).getTime() + days * DAY_MS);
}

/** Adds calendar months, clamping to the month's last day (Jan 31 + 1 month = Feb 28). */
export function addMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return utcDate(year, month, Math.min(date.getUTCDate(), lastDay));
}

export function lastDayOfMonth(year: number, monthIndex: number): Date {
  return new Date(Date.UTC(year, monthIndex + 1, 0));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Date, to: Date): number {
  return Math.round((startOfDay(to).getTime() - startOfDay(from).getTime()) / DAY_MS);
}

/** yyyy-mm-dd */
export function toIsoDate(date: Date): string {
  return startOfDay(date).toISOString().slice(0, 10);
}

export function fromIsoDate(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return utcDate(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

/** 'June 1, 2025' */
export function formatLongDate(date: Date | string): string {
  const d = typeof date === 'string' ? fromIsoDate(date) : date;
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** A human span such as '3 weeks', '4 months' or '1 year and 2 months'. */
export function describeSpan(days: number): string {
  if (days < 14) return plural(days, 'day');
  if (days < 63) return plural(Math.round(days / 7), 'week');
  const months = Math.round(days / 30.44);
  if (months < 12) return plural(months, 'month');
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return rest === 0 ? plural(years, 'year') : `${plural(years, 'year')} and ${plural(rest, 'month')}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
