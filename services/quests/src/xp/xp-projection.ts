import type { Logger, ServiceDirectory } from '@lifequest/platform';
import type { XpProjection } from '@lifequest/proto';

/**
 * Where a toggle learns the hero's new totals: auth's XP ledger, once it holds the toggle's events
 * (the "awaited projection"). Null when auth could not say in time; the toggle still succeeded and
 * the web refetches the hero instead.
 */
export interface XpLedgerView {
  totalsAfter(userId: string, eventIds: readonly string[]): Promise<XpProjection | null>;
}

export function authXpLedger(services: ServiceDirectory, log: Logger): XpLedgerView {
  return {
    async totalsAfter(userId, eventIds) {
      const query = new URLSearchParams({ after: eventIds.join(',') });
      try {
        return await services.call<XpProjection>(
          'auth',
          'GET',
          `/internal/auth/xp/${encodeURIComponent(userId)}?${query}`,
          undefined,
          // auth waits up to about 3 s for its ledger; this bound only covers the network on top.
          { timeoutMs: 5_000 },
        );
      } catch (error) {
        log.warn({ err: error, userId }, 'XP totals unavailable after a toggle; the web will refetch them');
        return null;
      }
    },
  };
}
