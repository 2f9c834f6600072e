import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys.ts';
import type { User } from '../auth/user.ts';
import { storedHeroId, storeHeroId } from './hero.ts';
import { captureInstallPrompt } from './install.ts';
import { isOnline, onNetworkChange } from './network.ts';
import { forgetHeroCache, keepHeroCache, restoreHeroCache } from './persist.ts';
import { loadQueue } from './queue.ts';
import { replayQueue } from './replay.ts';
import { registerAppWorker } from './serviceWorker.ts';

/** How long the first screen waits for IndexedDB before it draws without the kept data. */
const RESTORE_BUDGET_MS = 1_500;

const withinBudget = (work: Promise<unknown>) =>
  Promise.race([work.catch(() => {}), new Promise((resolve) => setTimeout(resolve, RESTORE_BUDGET_MS))]);

/**
 * Before the first screen: the signed-in hero's last data back into the query cache, and their queue
 * (docs/features/offline-app.md). Online, what was restored is only a first picture: every query is
 * asked again. Afterwards: the cache is kept per hero as it changes, the queue is replayed now and on
 * every reconnect, and the service worker is registered.
 */
export async function startOffline(queryClient: QueryClient): Promise<void> {
  captureInstallPrompt();
  // Signing out forgets the hero (below), so a hero named here is the one signed in last.
  const heroId = storedHeroId();
  if (heroId) {
    await withinBudget(Promise.all([restoreHeroCache(queryClient, heroId), loadQueue(heroId)]));
    if (isOnline()) void queryClient.invalidateQueries();
  }

  // The hero the cache and the queue belong to follows /api/auth/me: another hero signing in here gets
  // their own (or none); their queued changes wait in IndexedDB for their next sign-in.
  let hero = heroId;
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== queryKeys.me[0]) return;
    if (event.query.state.status !== 'success') return;
    const user = event.query.state.data as User | null | undefined;
    const next = user?.id ?? null;
    if (next === hero) return;
    // Signed out (or the session ended): what this browser kept of the hero goes with them.
    if (next === null && hero !== null) void forgetHeroCache(hero).catch(() => {});
    hero = next;
    storeHeroId(next);
    void loadQueue(next).then(() => replay(queryClient));
  });
  keepHeroCache(queryClient, () => hero);

  onNetworkChange(() => {
    if (isOnline()) replay(queryClient);
  });
  if (heroId) replay(queryClient);

  const registerWorker = () => void registerAppWorker().catch(() => {});
  if (document.readyState === 'complete') registerWorker();
  else window.addEventListener('load', registerWorker, { once: true });
}

function replay(queryClient: QueryClient): void {
  if (isOnline()) void replayQueue(queryClient).catch(() => {});
}
