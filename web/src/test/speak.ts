import type { Locale } from '@lifequest/proto';
import { afterEach } from 'vitest';
import { loadCatalogue } from '../i18n/catalogue.ts';
import { localeStore } from '../i18n/localeStore.ts';

/** Speaks `locale` from now on in this test (its catalogue loaded first, as the app does). */
export async function speak(locale: Exclude<Locale, 'en'>): Promise<void> {
  await loadCatalogue(locale);
  localeStore.set(locale);
}

/** Call at a test file's top level: every test starts in English again. */
export function englishAfterEach(): void {
  afterEach(() => localeStore.set('en'));
}
