import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http.ts';
import { loginErrorText, needsAccountHint, registerErrorText } from './authErrors.ts';

const apiError = (body: unknown) => new ApiError('ignored', 400, body);

describe('loginErrorText', () => {
  it('uses the body message field', () => {
    expect(
      loginErrorText(apiError({ error: 'Unauthorized', message: 'Invalid credentials', code: 'X' })),
    ).toBe('Invalid credentials');
  });

  it("falls back to 'Login failed' without a message", () => {
    expect(loginErrorText(apiError({ error: 'Invalid request' }))).toBe('Login failed');
    expect(loginErrorText(new TypeError('Failed to fetch'))).toBe('Login failed');
  });
});

describe('registerErrorText', () => {
  it('prefers the message, then the error field, then a plain string body', () => {
    expect(registerErrorText(apiError({ error: 'Conflict', message: 'Email already registered' }))).toBe(
      'Email already registered',
    );
    expect(registerErrorText(apiError({ error: 'Email already registered' }))).toBe(
      'Email already registered',
    );
    expect(registerErrorText(apiError('Name is required'))).toBe('Name is required');
  });

  it("falls back to 'Registration failed'", () => {
    expect(registerErrorText(apiError(undefined))).toBe('Registration failed');
    expect(registerErrorText(new Error('network'))).toBe('Registration failed');
  });
});

describe('needsAccountHint', () => {
  it("is shown when the text contains 'Invalid credentials'", () => {
    expect(needsAccountHint('Invalid credentials: check your e-mail')).toBe(true);
    expect(needsAccountHint('Too many requests')).toBe(false);
  });

  it('also follows the stable INVALID_CREDENTIALS code', () => {
    const error = new ApiError('Invalid credentials', 401, {
      error: 'x',
      message: 'Wrong e-mail or password',
      code: 'INVALID_CREDENTIALS',
    });
    expect(needsAccountHint('Wrong e-mail or password', error)).toBe(true);
  });
});
