import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { useSyncExternalStore } from 'react';

/**
 * Changes a hero made without a connection, kept in IndexedDB so they survive a closed tab, replayed
 * in the order they were made (replay.ts; docs/features/offline-app.md#the-queue). Each carries the
 * Idempotency-Key it will be sent with, made once when it is queued: replaying it twice (two tabs, a
 * lost answer) changes nothing on the server.
 */
export type QueuedChange =
  | {
      kind: 'milestone';
      /** Also the Idempotency-Key. */
      key: string;
      heroId: string;
      milestoneId: string;
      /** As the hero saw it, to say which one the server refused (the cache may have lost it by then). */
      title: string;
      completed: boolean;
      queuedAt: string;
    }
  | {
      kind: 'progress';
      key: string;
      heroId: string;
      body: { goalId: string; value: string | number; note?: string | null };
      queuedAt: string;
    };

let store: UseStore | null = null;
const queueStore = () => {
  store ??= createStore('lifequest-offline-queue', 'changes');
  return store;
};

// In memory, the current hero's queue, in order: what the cards read to show a change as pending.
let current: readonly QueuedChange[] = [];
let currentHero: string | null = null;
const listeners = new Set<() => void>();
const publish = (next: readonly QueuedChange[]) => {
  current = next;
  for (const listener of listeners) listener();
};

/** Ordered by when they were queued: the IndexedDB key starts with the time, zero-padded. */
const storageKey = (change: QueuedChange) =>
  `${change.heroId}|${String(Date.parse(change.queuedAt)).padStart(15, '0')}|${change.key}`;

/** Reads the hero's queue from IndexedDB (on start, and when another hero signs in). */
export async function loadQueue(heroId: string | null): Promise<readonly QueuedChange[]> {
  currentHero = heroId;
  if (!heroId) {
    publish([]);
    return current;
  }
  const all = await entries<string, QueuedChange>(queueStore());
  const mine = all
    .filter(([key]) => key.startsWith(`${heroId}|`))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, change]) => change);
  if (currentHero === heroId) publish(mine);
  return mine;
}

export async function enqueue(change: QueuedChange): Promise<void> {
  await set(storageKey(change), change, queueStore());
  if (change.heroId === currentHero) publish([...current, change]);
}

export async function dequeue(change: QueuedChange): Promise<void> {
  await del(storageKey(change), queueStore());
  publish(current.filter((c) => c.key !== change.key));
}

export function queuedChanges(): readonly QueuedChange[] {
  return current;
}

export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useQueuedChanges(): readonly QueuedChange[] {
  return useSyncExternalStore(onQueueChange, queuedChanges, queuedChanges);
}

/** The milestone's queued state (the last queued set wins), or undefined when none is queued. */
export function queuedMilestoneState(
  changes: readonly QueuedChange[],
  milestoneId: string,
): boolean | undefined {
  let state: boolean | undefined;
  for (const change of changes) {
    if (change.kind === 'milestone' && change.milestoneId === milestoneId) state = change.completed;
  }
  return state;
}
