import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/render.tsx';
import {
  ApiError,
  api,
  apiStream,
  errorMessageFrom,
  postStreamingWithFallback,
  SESSION_STORAGE_KEY,
  takeServerEvents,
} from './http.ts';

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

describe('apiStream', () => {
  it('hands each delta over as it comes and resolves with the done answer', async () => {
    const { calls } = mockApi({
      'POST /api/advisor/message': {
        events: [
          { event: 'delta', data: { text: 'Here is ' } },
          { event: 'delta', data: { text: 'a plan.' } },
          { event: 'done', data: { reply: 'Here is a plan.', needs_confirmation: false } },
        ],
      },
    });
    const deltas: string[] = [];
    const answer = await apiStream<{ reply: string }>('/api/advisor/message', { message: 'hi' }, (text) =>
      deltas.push(text),
    );
    expect(deltas).toEqual(['Here is ', 'a plan.']);
    expect(answer.reply).toBe('Here is a plan.');
    expect(calls[0]?.headers.get('Accept')).toBe('text/event-stream');
    expect(calls[0]?.body).toEqual({ message: 'hi' });
  });

  it('turns an error event into an ApiError with the server words', async () => {
    mockApi({
      'POST /api/advisor/message': {
        events: [
          { event: 'delta', data: { text: 'Here' } },
          {
            event: 'error',
            data: { error: 'The Pathfinder could not answer', message: 'x', code: 'AI_PROVIDER_FAILED' },
          },
        ],
      },
    });
    const failure = await apiStream('/api/advisor/message', { message: 'hi' }, () => {}).catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('The Pathfinder could not answer');
    expect((failure as ApiError).code).toBe('AI_PROVIDER_FAILED');
  });

  it('takes a plain JSON answer as it is', async () => {
    mockApi({ 'POST /api/advisor/message': { body: { reply: 'plain' } } });
    await expect(apiStream('/api/advisor/message', {}, () => {})).resolves.toEqual({ reply: 'plain' });
  });
});

describe('postStreamingWithFallback', () => {
  it('asks again without streaming when the stream breaks off, after telling the caller to restart', async () => {
    let attempt = 0;
    const { calls } = mockApi({
      'POST /api/ai/pathfinder-conversation': () => {
        attempt += 1;
        return attempt === 1
          ? { events: [{ event: 'delta', data: { text: 'Half a rep' } }] }
          : { body: { reply: 'Whole reply', actions: [] } };
      },
    });
    const seen: string[] = [];
    const answer = await postStreamingWithFallback<{ reply: string }>(
      '/api/ai/pathfinder-conversation',
      { messages: [] },
      { onDelta: (text) => seen.push(text), onRestart: () => seen.push('<restart>') },
    );
    expect(answer.reply).toBe('Whole reply');
    expect(seen).toEqual(['Half a rep', '<restart>']);
    expect(calls.map((call) => call.headers.get('Accept'))).toEqual([
      'text/event-stream',
      'application/json',
    ]);
  });

  it('does not ask again when the server refused', async () => {
    const { calls } = mockApi({
      'POST /api/ai/pathfinder-conversation': {
        status: 429,
        body: { error: 'Daily AI budget spent', message: 'x', code: 'AI_BUDGET_EXCEEDED' },
      },
    });
    const failure = await postStreamingWithFallback(
      '/api/ai/pathfinder-conversation',
      {},
      {
        onDelta: () => {},
        onRestart: () => {},
      },
    ).catch((e) => e);
    expect((failure as ApiError).status).toBe(429);
    expect(calls).toHaveLength(1);
  });
});

describe('takeServerEvents', () => {
  it('keeps an event cut in half by the network for the next read', () => {
    const first = takeServerEvents('event: delta\ndata: {"text":"a"}\n\nevent: del');
    expect(first.events).toEqual([{ event: 'delta', data: '{"text":"a"}' }]);
    const second = takeServerEvents(`${first.rest}ta\r\ndata: {"text":"b"}\r\n\r\n`);
    expect(second.events).toEqual([{ event: 'delta', data: '{"text":"b"}' }]);
    expect(second.rest).toBe('');
  });
});
