import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageKey } from './messages/en.ts';
import type { MessageValues } from './useT.ts';

export type RichTags = Record<string, (chunks: ReactNode[]) => ReactNode>;

/**
 * A message with tags in it (`Try <link>creating a new account</link> instead.`), each tag drawn by the
 * caller's element: the sentence stays whole in every language, its words in the order each one needs.
 */
export function useRichT(): (key: MessageKey, tags: RichTags, values?: MessageValues) => ReactNode {
  const intl = useIntl();
  return (key, tags, values) => intl.formatMessage({ id: key }, { ...values, ...tags });
}
