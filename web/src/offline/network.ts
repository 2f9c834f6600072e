import { useSyncExternalStore } from 'react';

/**
 * Whether the browser says it is online, and since when it is not. The browser's word is what
 * matters here: it is what decides whether a check-off is sent or queued (docs/features/offline-app.md).
 */
export interface NetworkState {
  online: boolean;
  /** When the app last saw the connection go (or started without one); null while online. */
  offlineSince: Date | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);
let state: NetworkState = { online: browserOnline(), offlineSince: browserOnline() ? null : new Date() };

function update(online: boolean): void {
  if (online === state.online) return;
  state = { online, offlineSince: online ? null : new Date() };
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => update(true));
  window.addEventListener('offline', () => update(false));
}

export function networkState(): NetworkState {
  return state;
}

export function isOnline(): boolean {
  return state.online;
}

export function onNetworkChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNetwork(): NetworkState {
  return useSyncExternalStore(onNetworkChange, networkState, networkState);
}

/** A fetch that never reached the server (no network, DNS, a refused connection): fetch's TypeError. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}
