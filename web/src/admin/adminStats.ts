import { addDays, type DailyTokenStat, type Locale, TOKEN_STATS_DAYS, toIsoDate } from '@lifequest/proto';
import { formatNumber, formatUsd } from '../i18n/format.ts';

/** Admin cost is shown to 4 decimals (US dollars), in the hero's language. */
export function formatCost(usd: number, locale: Locale = 'en'): string {
  return formatUsd(usd, locale, 4);
}

/** Counts grouped ('12,345' in English). */
export function formatCount(value: number, locale: Locale = 'en'): string {
  return formatNumber(value, locale);
}

export interface DailyTotal {
  date: string;
  tokens: number;
  cost: number;
  requests: number;
}

/**
 * The per-endpoint daily rows summed per day, oldest first, for the chart of daily cost and tokens:
 * every day of the last 30 (UTC) up to `today`, days without AI calls as zeros, so the chart reads as
 * a timeline rather than one wide bar per day that happened to have usage.
 */
export function dailyTotals(
  rows: readonly DailyTokenStat[],
  today: string = toIsoDate(new Date()),
  days: number = TOKEN_STATS_DAYS,
): DailyTotal[] {
  const byDate = new Map<string, DailyTotal>();
  for (let back = days - 1; back >= 0; back--) {
    const date = addDays(today, -back);
    byDate.set(date, { date, tokens: 0, cost: 0, requests: 0 });
  }
  for (const row of rows) {
    const day = byDate.get(row.date) ?? { date: row.date, tokens: 0, cost: 0, requests: 0 };
    day.tokens += row.total_tokens;
    day.cost += row.total_cost;
    day.requests += row.request_count;
    byDate.set(row.date, day);
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}
