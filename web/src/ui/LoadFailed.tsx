import { useErrorText } from '../i18n/errorText.ts';

/**
 * What a screen shows in place of data it could not load: the error's own words in English
 * (docs/product.md#errors), the code's text in another language (docs/features/languages.md).
 */
export function LoadFailed({ error }: { error: Error }) {
  const errorText = useErrorText();
  return (
    <p role="alert" className="py-10 text-center text-red-300">
      {errorText(error)}
    </p>
  );
}
