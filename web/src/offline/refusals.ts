import { useSyncExternalStore } from 'react';

/**
 * What the server refused when a queued change was replayed (a milestone deleted on another device, a
 * quest gone): shown to the hero until they dismiss it, never dropped silently.
 */
export interface Refusal {
  key: string;
  /** What the change was, in the hero's words ("Run 5K" marked done). */
  what: string;
  /** The server's `error`, then `message`. */
  reason: string;
  /** The same, for the hero's language: the change itself and the refusal's `code` (OfflineStatus). */
  change?: { kind: 'milestone'; title: string; completed: boolean } | { kind: 'progress' };
  code?: string;
}

let refusals: readonly Refusal[] = [];
const listeners = new Set<() => void>();

export function addRefusal(refusal: Refusal): void {
  refusals = [...refusals, refusal];
  for (const listener of listeners) listener();
}

export function dismissRefusals(): void {
  refusals = [];
  for (const listener of listeners) listener();
}

const read = () => refusals;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useRefusals(): readonly Refusal[] {
  return useSyncExternalStore(subscribe, read, read);
}
