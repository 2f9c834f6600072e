import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { queryKeys } from '../api/queryKeys.ts';

/**
 * The last data a hero saw, kept in IndexedDB per hero so the app opens with it when the network is
 * gone (docs/features/offline-app.md#caching). Only the screens that work offline are kept: the
 * hero, their quests, milestones, dashboard and skill tree (the profile reads these). Nothing of the
 * Pathfinder, stories, Fellowship Hall or admin is. Logout deletes the hero's copy.
 */
const KEPT = new Set<string>([
  queryKeys.me[0],
  queryKeys.goals[0],
  queryKeys.milestones[0],
  queryKeys.dashboard[0],
  queryKeys.skillTree[0],
]);

/** Kept a month at most; a new shape of the cache (a release that changes it) drops the old one. */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const BUSTER = 'v1';

let store: UseStore | null = null;
const cacheStore = () => {
  store ??= createStore('lifequest-offline-cache', 'heroes');
  return store;
};

/**
 * What is kept per hero: TanStack Query's own dehydrated form (what its persist-client packages store),
 * with when and under which shape it was written. Written with React Query's dehydrate/hydrate directly:
 * the persist packages pin another query-core, which would ship a second copy of it.
 */
interface KeptCache {
  timestamp: number;
  buster: string;
  clientState: DehydratedState;
}

export function isKept(query: Query): boolean {
  return query.state.status === 'success' && KEPT.has(String(query.queryKey[0]));
}

/** Fills the query cache with the hero's last data, if this browser kept any. */
export async function restoreHeroCache(queryClient: QueryClient, heroId: string): Promise<void> {
  const kept = await get<KeptCache>(heroId, cacheStore());
  if (!kept) return;
  if (kept.buster !== BUSTER || Date.now() - kept.timestamp > MAX_AGE_MS) {
    await del(heroId, cacheStore());
    return;
  }
  hydrate(queryClient, kept.clientState);
}

let saveNow: () => Promise<void> = async () => {};
// Writes and deletions run one after the other, so a save already under way cannot bring back a
// signed-out hero's data after it was deleted.
let writes: Promise<unknown> = Promise.resolve();
const inTurn = (write: () => Promise<unknown>): Promise<void> => {
  writes = writes.then(write).catch(() => {});
  return writes.then(() => undefined);
};

/**
 * Saves the kept queries whenever the cache changes (at most every half second) for the hero `heroOf()`
 * names at that moment; nothing while no hero is signed in. Answers the unsubscribe.
 */
export function keepHeroCache(queryClient: QueryClient, heroOf: () => string | null): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const heroId = heroOf();
    if (!heroId) return;
    const kept: KeptCache = {
      timestamp: Date.now(),
      buster: BUSTER,
      clientState: dehydrate(queryClient, { shouldDehydrateQuery: isKept }),
    };
    await inTurn(() => (heroOf() === heroId ? set(heroId, kept, cacheStore()) : Promise.resolve()));
  };
  saveNow = save;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    timer ??= setTimeout(() => void save(), 500);
  });
}

/** Saves at once (a queued check-off must be on disk before the tab may close). */
export function flushHeroCache(): Promise<void> {
  return saveNow();
}

/** Logout: the hero's kept data goes. */
export function forgetHeroCache(heroId: string): Promise<void> {
  return inTurn(() => del(heroId, cacheStore()));
}
