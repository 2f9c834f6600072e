import type { XpHistoryItem } from '@lifequest/proto';

export interface DayTotal {
  /** The UTC day, yyyy-mm-dd. */
  day: string;
  /** The hero's total XP at the end of that day. */
  total: number;
}

/**
 * Total XP at the end of each day that moved it, oldest first, from a page of the ledger (newest first)
 * and today's total: walking back from now, a day's closing total is today's less everything after it.
 * The chart starts the day before the oldest line, at the total before it (0 when the page reaches the
 * hero's first line), so even one day draws a line.
 */
export function dailyTotals(items: readonly XpHistoryItem[], currentTotal: number): DayTotal[] {
  const days: DayTotal[] = [];
  let total = currentTotal;
  for (const item of items) {
    const day = item.at.slice(0, 10);
    if (days.at(-1)?.day !== day) days.push({ day, total });
    total -= item.amount;
  }
  const oldest = days.at(-1);
  if (oldest) {
    const before = new Date(Date.parse(`${oldest.day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    days.push({ day: before, total });
  }
  return days.reverse();
}

export interface ChartPoint {
  x: number;
  y: number;
  day: string;
  total: number;
}

/** Places the days on a width × height box: x by date, y by total (0 at the bottom). */
export function chartPoints(days: readonly DayTotal[], width: number, height: number): ChartPoint[] {
  if (days.length === 0) return [];
  const time = (day: string) => Date.parse(`${day}T00:00:00Z`);
  const first = time(days[0]!.day);
  const span = Math.max(time(days.at(-1)!.day) - first, 1);
  const top = Math.max(...days.map((d) => d.total), 1);
  const bottom = Math.min(0, ...days.map((d) => d.total));
  return days.map((d) => ({
    x: days.length === 1 ? width / 2 : ((time(d.day) - first) / span) * width,
    y: height - ((d.total - bottom) / (top - bottom)) * height,
    day: d.day,
    total: d.total,
  }));
}
