import type { Locale } from '@lifequest/proto';
import { en, type MessageKey } from './messages/en.ts';

export type Catalogue = Record<MessageKey, string>;

// English is in the entry (the spec's wording, the fallback of every other catalogue); another language
// is its own chunk, downloaded only by a hero who reads it.
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<Catalogue>> = {
  es: () => import('./messages/es.ts').then((module) => module.es),
  de: () => import('./messages/de.ts').then((module) => module.de),
};

const loaded = new Map<Locale, Catalogue>([['en', en]]);

export function loadedCatalogue(locale: Locale): Catalogue | undefined {
  return loaded.get(locale);
}

export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const known = loaded.get(locale);
  if (known) return known;
  const catalogue = await loaders[locale as Exclude<Locale, 'en'>]();
  loaded.set(locale, catalogue);
  return catalogue;
}
