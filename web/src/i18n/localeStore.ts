import { DEFAULT_LOCALE, isLocale, type Locale, pickLocale } from '@lifequest/proto';

// The app's language (docs/features/languages.md): the browser's at first, then the hero's choice from
// their account once it is known. One store, so the provider and the formatters outside React agree.

function browserLocale(): Locale {
  if (typeof navigator === 'undefined') return DEFAULT_LOCALE;
  return pickLocale(navigator.languages?.length ? navigator.languages : [navigator.language ?? '']);
}

let current: Locale = browserLocale();
const listeners = new Set<() => void>();

export const localeStore = {
  current: (): Locale => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(next: Locale): void {
    if (next === current) return;
    current = next;
    document.documentElement.lang = next;
    for (const listener of listeners) listener();
  },
  /** The hero's saved choice, or the browser's language when they have none. */
  follow(saved: string | null | undefined): void {
    localeStore.set(isLocale(saved) ? saved : browserLocale());
  },
};
