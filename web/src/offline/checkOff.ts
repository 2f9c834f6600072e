import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys.ts';
import type { Milestone } from '../quests/types.ts';
import { storedHeroId } from './hero.ts';
import { flushHeroCache } from './persist.ts';
import { enqueue, type QueuedChange } from './queue.ts';

// The queue is ordered by this time: two changes made within one millisecond still keep their order.
let lastQueuedAt = 0;
const queuedAt = () => {
  lastQueuedAt = Math.max(Date.now(), lastQueuedAt + 1);
  return new Date(lastQueuedAt).toISOString();
};

/**
 * A check-off made without a connection: the milestone is set to the other state than the one the hero
 * sees, queued with a new Idempotency-Key, and drawn so at once (pending until the replay's answer).
 * False when there is nothing to queue it for (no hero known, or the milestone is not in the cache).
 */
export async function queueCheckOff(queryClient: QueryClient, milestoneId: string): Promise<boolean> {
  const heroId = storedHeroId();
  const milestone = queryClient
    .getQueryData<Milestone[]>(queryKeys.milestones)
    ?.find((m) => m.id === milestoneId);
  if (!heroId || !milestone) return false;
  const completed = !milestone.is_completed;
  const change: QueuedChange = {
    kind: 'milestone',
    key: crypto.randomUUID(),
    heroId,
    milestoneId,
    title: milestone.title,
    completed,
    queuedAt: queuedAt(),
  };
  await enqueue(change);
  queryClient.setQueryData<Milestone[]>(queryKeys.milestones, (list) =>
    list?.map((m) => (m.id === milestoneId ? { ...m, is_completed: completed } : m)),
  );
  await flushHeroCache();
  return true;
}

/** A progress entry logged without a connection: queued with a new Idempotency-Key. False with no hero known. */
export async function queueProgress(body: {
  goalId: string;
  value: string | number;
  note?: string | null;
}): Promise<boolean> {
  const heroId = storedHeroId();
  if (!heroId) return false;
  await enqueue({
    kind: 'progress',
    key: crypto.randomUUID(),
    heroId,
    body,
    queuedAt: queuedAt(),
  });
  return true;
}
