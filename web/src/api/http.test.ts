import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/render.tsx';
import { ApiError, api, errorMessageFrom, SESSION_STORAGE_KEY } from './http.ts';

describe('errorMessageFrom', () => {
  it('reads the body error first', () => {
    expect(
      errorMessageFrom(
        { error: 'Quest not found', message: 'No goal 7', code: 'QUEST_NOT_FOUND' },
        'Not Found',
        404,
      ),
    ).toBe('Quest not found');
  });

  it('falls back to the body message when error is missing or blank', () => {
    expect(errorMessageFrom({ message: 'Try again later' }, 'Bad Gateway', 502)).toBe('Try again later');
    expect(errorMessageFrom({ error: '  ', message: 'Try again later' }, 'Bad Gateway', 502)).toBe(
      'Try again later',
    );
  });

  it('falls back to the status text, then a generic line', () => {
    expect(errorMessageFrom({}, 'Service Unavailable', 503)).toBe('Service Unavailable');
    expect(errorMessageFrom('<html>oops</html>', 'Internal Server Error', 500)).toBe('Internal Server Error');
    expect(errorMessageFrom(undefined, '', 500)).toBe('Request failed with status 500');
  });
});

describe('apiRequest', () => {
  it('sends credentials, the stored session as a bearer token and a JSON body', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'sess-123');
    const { calls } = mockApi({ 'POST /api/goals': { status: 201, body: { id: 'g1' } } });

    const result = await api.post<{ id: string }>('/api/goals', { title: 'Run a 5K' });

    expect(result).toEqual({ id: 'g1' });
    expect(calls[0]?.credentials).toBe('include');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer sess-123');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ title: 'Run a 5K' });
  });

  it('sends no Authorization header without a stored session', async () => {
    const { calls } = mockApi({ 'GET /api/goals': { body: [] } });
    await api.get('/api/goals');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('turns a non-OK answer (401 included) into an ApiError carrying status, code and body', async () => {
    mockApi({
      'GET /api/auth/me': {
        status: 401,
        statusText: 'Unauthorized',
        body: { error: 'Please sign in', message: 'No session', code: 'UNAUTHENTICATED' },
      },
    });
    const failure = await api.get('/api/auth/me').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    const apiError = failure as ApiError;
    expect(apiError.message).toBe('Please sign in');
    expect(apiError.status).toBe(401);
    expect(apiError.code).toBe('UNAUTHENTICATED');
    expect(apiError.body).toEqual({
      error: 'Please sign in',
      message: 'No session',
      code: 'UNAUTHENTICATED',
    });
  });

  it('resolves an empty 204 answer to undefined', async () => {
    mockApi({ 'DELETE /api/goals/g1': { status: 204 } });
    await expect(api.delete('/api/goals/g1')).resolves.toBeUndefined();
  });
});
