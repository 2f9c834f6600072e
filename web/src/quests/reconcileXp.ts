import { lifeLevelForXp } from '@lifequest/proto';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import type { User } from '../auth/user.ts';

/**
 * When a toggle answers `user: null`, auth's XP ledger has not caught up yet, so an immediate GET
 * /api/auth/me would still hold the old totals and, since queries never go stale, pull the header
 * back for good. Instead the header keeps the toggle's optimistic XP and the hero is fetched again
 * after these waits (7.5 s in all), until the server's totals show the change.
 */
export const XP_RECONCILE_DELAYS_MS: readonly number[] = [500, 1_000, 2_000, 4_000];

/** The latest reconciliation per query client: a newer toggle's answer supersedes an older one. */
const generations = new WeakMap<QueryClient, number>();

function nextGeneration(queryClient: QueryClient): number {
  const generation = (generations.get(queryClient) ?? 0) + 1;
  generations.set(queryClient, generation);
  return generation;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The server's confirmed totals: shown as they are, and any reconciliation still waiting stops. */
export function confirmTotals(queryClient: QueryClient, totals: Pick<User, 'totalXP' | 'lifeLevel'>): void {
  nextGeneration(queryClient);
  queryClient.setQueryData<User | null>(queryKeys.me, (user) =>
    user ? { ...user, totalXP: totals.totalXP, lifeLevel: totals.lifeLevel } : user,
  );
}

/**
 * Re-fetches the hero with a growing backoff until the server's totalXP has moved by the toggle as far
 * as the header already shows (`expectedXp`, reached by `xpDelta`), then takes the server's hero. A
 * hero whose totals never get there keeps the optimistic header: the XP is on its way durably, and
 * the next fetch of the hero shows it.
 */
export async function reconcileTotals(
  queryClient: QueryClient,
  change: { expectedXp: number; xpDelta: number },
  delays: readonly number[] = XP_RECONCILE_DELAYS_MS,
): Promise<void> {
  const generation = nextGeneration(queryClient);
  const current = () => generations.get(queryClient) === generation;
  for (const delay of delays) {
    await sleep(delay);
    if (!current()) return;
    let fresh: User;
    try {
      fresh = await api.get<User>('/api/auth/me');
    } catch {
      continue;
    }
    const shown = queryClient.getQueryData<User | null>(queryKeys.me);
    // Superseded, signed out, or someone else signed in meanwhile: this change is no longer shown.
    if (!current() || !shown || shown.id !== fresh.id) return;
    if (reflects(fresh.totalXP, change)) {
      queryClient.setQueryData<User | null>(queryKeys.me, fresh);
      return;
    }
  }
}

/** Whether the server's total has moved as far as the change did (bonuses may take it further). */
function reflects(
  totalXP: number,
  { expectedXp, xpDelta }: { expectedXp: number; xpDelta: number },
): boolean {
  if (xpDelta > 0) return totalXP >= expectedXp;
  if (xpDelta < 0) return totalXP <= expectedXp;
  return true;
}

/** The hero moved by `xpDelta` on the shared level curve, never below zero. */
export function movedBy(user: User, xpDelta: number): User {
  const totalXP = Math.max(0, user.totalXP + xpDelta);
  return { ...user, totalXP, lifeLevel: lifeLevelForXp(totalXP) };
}

/**
 * XP the server granted but auth's ledger may not show yet (a toggle answered `user: null`, a daily-log
 * bonus): the header moves at once and the server's totals are taken once they show the change.
 */
export function showXpChange(queryClient: QueryClient, xpDelta: number): void {
  const shown = queryClient.getQueryData<User | null>(queryKeys.me);
  if (!shown || xpDelta === 0) return;
  const optimistic = movedBy(shown, xpDelta);
  queryClient.setQueryData<User | null>(queryKeys.me, optimistic);
  void reconcileTotals(queryClient, { expectedXp: optimistic.totalXP, xpDelta });
}
