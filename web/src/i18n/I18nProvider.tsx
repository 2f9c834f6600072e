import type { Locale } from '@lifequest/proto';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { IntlProvider } from 'react-intl';
import { type Catalogue, loadCatalogue, loadedCatalogue } from './catalogue.ts';
import { localeStore } from './localeStore.ts';
import { en } from './messages/en.ts';

/**
 * The messages of the current language. Until another language's chunk arrives, the screen stays in
 * the language it was in (English at first), so nothing flashes keys or goes blank.
 */
export function I18nProvider({ children, locale: fixed }: { children: ReactNode; locale?: Locale }) {
  const stored = useSyncExternalStore(localeStore.subscribe, localeStore.current, localeStore.current);
  const wanted = fixed ?? stored;
  const [shown, setShown] = useState<{ locale: Locale; messages: Catalogue }>(() => {
    const ready = loadedCatalogue(wanted);
    return ready ? { locale: wanted, messages: ready } : { locale: 'en', messages: en };
  });
  useEffect(() => {
    let live = true;
    void loadCatalogue(wanted)
      .then((messages) => {
        if (live) setShown({ locale: wanted, messages });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [wanted]);
  return (
    <IntlProvider locale={shown.locale} messages={shown.messages} defaultLocale="en">
      {children}
    </IntlProvider>
  );
}
