import { CLASS_TITLES, type LifeClass } from '@lifequest/proto';
import type { MessageKey } from './messages/en.ts';
import type { Translate } from './useT.ts';

const CLASS_OF_TITLE = new Map(
  Object.entries(CLASS_TITLES).map(([lifeClass, title]) => [title, lifeClass as LifeClass]),
);

/**
 * A hero's class title as the server sends it (`activeClassTitle`, always English: the product's
 * wording) in the app's language: the catalogue's `classTitle.<class>`. A title the rules do not know
 * stays as it came.
 */
export function classTitleText(title: string, t: Translate): string {
  const lifeClass = CLASS_OF_TITLE.get(title);
  return lifeClass ? t(`classTitle.${lifeClass}` as MessageKey) : title;
}
