import { ERROR_CODES, type ErrorCode } from '@lifequest/proto';
import { createIntl, createIntlCache } from 'react-intl';
import { loadedCatalogue } from './catalogue.ts';
import { localeStore } from './localeStore.ts';
import { en, type MessageKey } from './messages/en.ts';
import type { MessageValues } from './useT.ts';

const cache = createIntlCache();

/**
 * The current language's text outside React (a mutation's toast): the hero's language when its
 * catalogue has arrived, English until then.
 */
export function translate(key: MessageKey, values?: MessageValues): string {
  const wanted = localeStore.current();
  const messages = loadedCatalogue(wanted);
  const intl = createIntl(
    { locale: messages ? wanted : 'en', messages: messages ?? en, defaultLocale: 'en' },
    cache,
  );
  return intl.formatMessage({ id: key }, values);
}

/** useErrorText's rule outside React: the server's message in English, the code's text otherwise. */
export function errorTextNow(error: Error): string {
  const code = (error as { code?: unknown }).code;
  const known = typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
  if (localeStore.current() === 'en' || !known || !loadedCatalogue(localeStore.current()))
    return error.message;
  return translate(`errors.${code as ErrorCode}`);
}
