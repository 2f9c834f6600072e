import { type Foundation, isFoundation } from '@lifequest/proto';
import type { Translate } from '../i18n/useT.ts';

/**
 * A foundation's name in the hero's language (docs/features/languages.md#names): the server and the
 * rules keep the English name, the screen shows the translation. A name that is not one of the four (a
 * story may carry one) reads as the server wrote it.
 */
export function foundationName(t: Translate, name: string): string {
  return isFoundation(name) ? t(`foundations.name.${name}`) : name;
}

/** What a foundation covers, as the product words it (FOUNDATION_DESCRIPTIONS) or its translation. */
export function foundationDescription(t: Translate, foundation: Foundation): string {
  return t(`foundations.description.${foundation}`);
}
