import {
  type AdminUserRow,
  addDays,
  type DailyTokenStat,
  TOKEN_STATS_DAYS,
  toIsoDate,
} from '@lifequest/proto';

/** Admin cost is shown to 4 decimals (US dollars). */
export function formatCost(usd: number): string {
  return `$${(Number.isFinite(usd) ? usd : 0).toFixed(4)}`;
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** A user shows 'Active' if onboarded, otherwise 'Onboarding'. */
export function userStatus(user: Pick<AdminUserRow, 'is_onboarded'>): 'Active' | 'Onboarding' {
  return user.is_onboarded ? 'Active' : 'Onboarding';
}

/** The browser confirmation before a hero is deleted. */
export function deleteConfirmation(user: Pick<AdminUserRow, 'name' | 'email'>): string {
  return `Are you sure you want to delete ${user.name} (${user.email})? This will permanently remove all their data.`;
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
