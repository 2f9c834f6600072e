import { useSyncExternalStore } from 'react';

/**
 * The service worker (Workbox, made by vite-plugin-pwa: web/build/pwa.ts), registered through
 * workbox-window once the page has loaded, so it never competes with it. A new release's worker waits: the page offers
 * "New version ready" and reloads into it when the hero says so; closing every tab does the same.
 */
let updateReady = false;
let applyUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

export async function registerAppWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const worker = new Workbox('/sw.js', { scope: '/' });
  worker.addEventListener('waiting', () => {
    updateReady = true;
    for (const listener of listeners) listener();
  });
  applyUpdate = () => {
    worker.addEventListener('controlling', () => window.location.reload());
    worker.messageSkipWaiting();
  };
  const registration = await worker.register();
  // A tab left open for days still learns of a release: it asks for one every hour.
  if (registration) setInterval(() => void registration.update().catch(() => {}), 60 * 60 * 1000);
}

export function reloadIntoUpdate(): void {
  applyUpdate?.();
}

const read = () => updateReady;
export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    read,
  );
}
