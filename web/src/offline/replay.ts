import type { ProgressEntry } from '@lifequest/proto';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessageFrom, readSessionId } from '../api/http.ts';
import { refreshQuests } from '../quests/questQueries.ts';
import { showXpChange } from '../quests/reconcileXp.ts';
import type { MilestoneToggleResult } from '../quests/types.ts';
import { applyToggleResult } from '../quests/useToggleMilestone.ts';
import { isNetworkFailure, isOnline } from './network.ts';
import { dequeue, type QueuedChange, queuedChanges } from './queue.ts';
import { addRefusal } from './refusals.ts';

/** Sends one queued change with its Idempotency-Key (the server answers a replay its first answer). */
async function send(change: QueuedChange): Promise<unknown> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Idempotency-Key': change.key,
  };
  const sessionId = readSessionId();
  if (sessionId) headers.Authorization = `Bearer ${sessionId}`;
  const [method, url, body] =
    change.kind === 'milestone'
      ? ['PUT', `/api/milestones/${encodeURIComponent(change.milestoneId)}`, { completed: change.completed }]
      : ['POST', '/api/progress', change.body];
  const response = await fetch(url, { method, headers, credentials: 'include', body: JSON.stringify(body) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: kept as text for the message
  }
  if (!response.ok) {
    throw new ApiError(
      errorMessageFrom(parsed, response.statusText, response.status),
      response.status,
      parsed,
    );
  }
  return parsed;
}

/**
 * A refusal that will not change by trying again: the change is dropped from the queue and shown.
 * Not a 401 (the hero signs in again and it is replayed), a 408 or 429, nor a 5xx (the server's trouble).
 */
function isFinalRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 408, 429].includes(error.status)
  );
}

function describe(change: QueuedChange): string {
  if (change.kind === 'progress') return 'A progress entry';
  return `"${change.title}" marked ${change.completed ? 'done' : 'not done'}`;
}

let running: Promise<void> | null = null;

/**
 * Replays the queue in order, one change at a time, while the connection holds: each answer updates
 * the cards and the header XP as an online check-off does; a refusal is shown and dropped; a network
 * failure stops the replay with the rest still queued (the next reconnect or open tries again).
 * One replay at a time in this tab.
 */
export function replayQueue(queryClient: QueryClient): Promise<void> {
  running ??= run(queryClient)
    .then((stopped) => retryLater(queryClient, stopped))
    .finally(() => {
      running = null;
    });
  return running;
}

// The browser says online a moment before requests get through (and a server may be restarting): a
// replay stopped by the network is tried again while online, 1 s later, then 2, 4… up to 30 s.
let retryDelayMs = 1_000;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
function retryLater(queryClient: QueryClient, stopped: boolean): void {
  if (!stopped) {
    retryDelayMs = 1_000;
    return;
  }
  if (retryTimer || !isOnline()) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    if (isOnline()) void replayQueue(queryClient).catch(() => {});
  }, retryDelayMs);
  retryDelayMs = Math.min(retryDelayMs * 2, 30_000);
}

/** Answers whether the replay stopped with changes still queued because the network failed. */
async function run(queryClient: QueryClient): Promise<boolean> {
  let sent = 0;
  let stopped = false;
  for (const change of [...queuedChanges()]) {
    if (!isOnline()) break;
    try {
      const answer = await send(change);
      if (change.kind === 'milestone') applyToggleResult(queryClient, answer as MilestoneToggleResult);
      else showXpChange(queryClient, (answer as ProgressEntry).xpBonus);
      sent += 1;
    } catch (error) {
      if (isFinalRefusal(error)) {
        addRefusal({
          key: change.key,
          what: describe(change),
          reason: errorMessageFrom(error.body, error.message, error.status),
          change:
            change.kind === 'milestone'
              ? { kind: 'milestone', title: change.title, completed: change.completed }
              : { kind: 'progress' },
          code: error.code,
        });
        sent += 1;
      } else if (isNetworkFailure(error) || error instanceof ApiError) {
        // Signed out (401): the hero's next sign-in replays it; anything else is tried again soon.
        stopped = !(error instanceof ApiError && error.status === 401);
        break;
      } else {
        throw error;
      }
    }
    await dequeue(change);
  }
  // The server's word on everything the replay touched (a refused change's optimistic tick goes too).
  if (sent > 0) refreshQuests(queryClient);
  return stopped;
}
