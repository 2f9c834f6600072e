import type { Locale } from '@lifequest/proto';
import { useIntl } from 'react-intl';
import type { MessageKey } from './messages/en.ts';

export type MessageValues = Record<string, string | number | Date>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** The current language's text for a catalogue key, ICU plurals and placeholders included. */
export function useT(): Translate {
  const intl = useIntl();
  return (key, values) => intl.formatMessage({ id: key }, values);
}

export function useLocale(): Locale {
  return useIntl().locale as Locale;
}
