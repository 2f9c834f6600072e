import { ApiError, isRecord } from '../api/http.ts';

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const INVALID_CREDENTIALS_HINT = 'Account may not exist. Try creating a new account instead.';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Login shows the response's message field, falling back to 'Login failed'. */
export function loginErrorText(error: unknown): string {
  if (error instanceof ApiError && isRecord(error.body)) {
    return text(error.body.message) ?? 'Login failed';
  }
  return 'Login failed';
}

/** Register shows the message, else a plain string body or the error field, else 'Registration failed'. */
export function registerErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body;
    if (isRecord(body)) return text(body.message) ?? text(body.error) ?? 'Registration failed';
    return text(body) ?? 'Registration failed';
  }
  return 'Registration failed';
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
