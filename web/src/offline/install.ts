import { useSyncExternalStore } from 'react';

/**
 * The browser's install prompt (Chromium's beforeinstallprompt), held back so the profile can offer it
 * once (InstallOffer.tsx): never on its own, never again once the hero answered.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const OFFERED_KEY = 'lifequest.install.offered';
let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    markOffered();
  });
}

function offeredBefore(): boolean {
  try {
    return globalThis.localStorage?.getItem(OFFERED_KEY) === '1';
  } catch {
    return true;
  }
}

function markOffered(): void {
  try {
    globalThis.localStorage?.setItem(OFFERED_KEY, '1');
  } catch {
    // nothing to remember it in: the offer goes with the page
  }
  deferred = null;
  notify();
}

/** Shows the browser's own dialog; whatever the answer, the offer is not made again. */
export async function install(): Promise<void> {
  const prompt = deferred;
  markOffered();
  if (!prompt) return;
  await prompt.prompt();
  await prompt.userChoice.catch(() => undefined);
}

export function declineInstall(): void {
  markOffered();
}

const canOffer = () => deferred !== null && !offeredBefore();
export function useInstallOffer(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    canOffer,
    canOffer,
  );
}
