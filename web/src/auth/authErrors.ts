import { ERROR_CODES, type ErrorCode } from '@lifequest/proto';
import { ApiError, isRecord } from '../api/http.ts';
import { errorKey } from '../i18n/errorText.ts';
import { useLocale, useT } from '../i18n/useT.ts';

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const INVALID_CREDENTIALS_HINT = 'Account may not exist. Try creating a new account instead.';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Login shows the response's message field, falling back to 'Login failed'. */
export function loginErrorText(error: unknown, fallback = 'Login failed'): string {
  if (error instanceof ApiError && isRecord(error.body)) {
    return text(error.body.message) ?? fallback;
  }
  return fallback;
}

/** Register shows the message, else a plain string body or the error field, else 'Registration failed'. */
export function registerErrorText(error: unknown, fallback = 'Registration failed'): string {
  if (error instanceof ApiError) {
    const body = error.body;
    if (isRecord(body)) return text(body.message) ?? text(body.error) ?? fallback;
    return text(body) ?? fallback;
  }
  return fallback;
}

/**
 * What a refused sign-in or registration says, in the hero's language: in English the rules above; in
 * another language the catalogue's text for the server's code (useErrorText's rule), else the server's
 * own words, else the form's translated 'failed'.
 */
export function useAuthErrorText(): (form: 'login' | 'register', error: unknown) => string {
  const t = useT();
  const locale = useLocale();
  return (form, error) => {
    const said =
      form === 'login'
        ? loginErrorText(error, t('auth.login.failed'))
        : registerErrorText(error, t('auth.register.failed'));
    const code = error instanceof ApiError ? error.code : undefined;
    if (locale === 'en' || typeof code !== 'string' || !Object.hasOwn(ERROR_CODES, code)) return said;
    return t(errorKey(code as ErrorCode));
  };
}

/**
 * The hint shows when the text contains 'Invalid credentials'. The server's stable code is
 * also honoured so the hint survives a reworded message.
 */
export function needsAccountHint(message: string, error?: unknown): boolean {
  return (
    message.includes(INVALID_CREDENTIALS) ||
    (error instanceof ApiError && error.code === 'INVALID_CREDENTIALS')
  );
}
