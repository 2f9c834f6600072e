import { ERROR_CODES, type ErrorCode } from '@lifequest/proto';
import type { MessageKey } from './messages/en.ts';
import { useLocale, useT } from './useT.ts';

/** The catalogue key of an error code of the one error table (proto/src/errors.ts). */
export function errorKey(code: ErrorCode): MessageKey {
  return `errors.${code}`;
}

function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
}

/**
 * What a refusal says to the hero: in English the server's own message (it names the particulars); in
 * another language the catalogue's text for its code, the server's message when the code is unknown.
 */
export function useErrorText(): (error: Error) => string {
  const t = useT();
  const locale = useLocale();
  return (error) => {
    // An ApiError carries the body's code (read here by shape: api/ depends on i18n/, not the reverse).
    const code = (error as { code?: unknown }).code;
    if (locale === 'en' || !isErrorCode(code)) return error.message;
    return t(errorKey(code));
  };
}
