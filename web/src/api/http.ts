import { localeStore } from '../i18n/localeStore.ts';

/** localStorage key under which the session id from login/register is kept (docs/architecture.md#sessions). */
export const SESSION_STORAGE_KEY = 'sessionId';

export function readSessionId(): string | null {
  try {
    return globalThis.localStorage?.getItem(SESSION_STORAGE_KEY) ?? null;
  } catch {
    // Storage can throw in private modes; the cookie still carries the session.
    return null;
  }
}

export function storeSessionId(sessionId: string): void {
  try {
    globalThis.localStorage?.setItem(SESSION_STORAGE_KEY, sessionId);
  } catch {
    // See readSessionId: the cookie remains the primary carrier.
  }
}

export function clearSessionId(): void {
  try {
    globalThis.localStorage?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Nothing stored means nothing to clear.
  }
}

/** A non-OK response. `body` is the parsed JSON (or text) so callers can read other fields. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;

  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = isRecord(body) && typeof body.code === 'string' ? body.code : undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The message comes from the body's `error`, then its `message`, then the status text. */
export function errorMessageFrom(body: unknown, statusText: string, status: number): string {
  if (isRecord(body)) {
    const fromBody = nonEmptyString(body.error) ?? nonEmptyString(body.message);
    if (fromBody) return fromBody;
  }
  return nonEmptyString(statusText) ?? `Request failed with status ${status}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

function requestInit(method: HttpMethod, body: unknown, accept: string): RequestInit {
  // The language the hero reads the app in: The Pathfinder's model answers in it (docs/features/languages.md).
  const headers: Record<string, string> = { Accept: accept, 'Accept-Language': localeStore.current() };
  const sessionId = readSessionId();
  if (sessionId) headers.Authorization = `Bearer ${sessionId}`;
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  return init;
}

async function failure(response: Response): Promise<ApiError> {
  const parsed = await readBody(response);
  return new ApiError(
    errorMessageFrom(parsed, response.statusText, response.status),
    response.status,
    parsed,
  );
}

/** A file sent as multipart/form-data (field `file`), with the session as any other request. */
export async function apiUpload<T>(url: string, file: Blob, name: string): Promise<T> {
  const init = requestInit('POST', undefined, 'application/json');
  const form = new FormData();
  form.append('file', file, name);
  init.body = form;
  const response = await fetch(url, init);
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

/** A binary download (a ZIP), with the session as any other request. */
export async function apiDownload(url: string): Promise<Blob> {
  const response = await fetch(url, requestInit('GET', undefined, '*/*'));
  if (!response.ok) throw await failure(response);
  return response.blob();
}

/**
 * The one way the web app talks to the gateway: cookie credentials plus the stored session id as a
 * bearer token, JSON in and out, and every non-OK status turned into an ApiError (401 included).
 */
export async function apiRequest<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, requestInit(method, body, 'application/json'));
  if (!response.ok) throw await failure(response);
  return (await readBody(response)) as T;
}

/** A streamed answer broke off (or was not a stream we understand): the plain call may still work. */
export class StreamBrokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StreamBrokenError';
  }
}

interface ServerEvent {
  event: string;
  data: string;
}

/** Splits complete `event:`/`data:` blocks off the front of `buffer`; the unfinished rest is returned. */
export function takeServerEvents(buffer: string): { events: ServerEvent[]; rest: string } {
  const events: ServerEvent[] = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/**
 * POST with `Accept: text/event-stream`: the ai service sends the reply text as `delta` events while
 * it is written, then the whole answer (the JSON a plain call gets) as `done`, or an `error` event with
 * `{error, message, code}`. A refusal before the stream opens is an ordinary ApiError; so is an
 * `error` event. A server that answers with plain JSON is taken as it is. A stream that breaks off
 * before `done` throws StreamBrokenError, so the caller can fall back to the plain call.
 */
export async function apiStream<T>(
  url: string,
  body: unknown,
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<T> {
  const init = requestInit('POST', body, 'text/event-stream');
  const response = await fetch(url, signal ? { ...init, signal } : init);
  if (!response.ok) throw await failure(response);
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('text/event-stream')) return (await readBody(response)) as T;
  if (!response.body) throw new StreamBrokenError('The answer came without a body to stream');

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const taken = takeServerEvents(buffer + value);
    buffer = taken.rest;
    for (const { event, data } of taken.events) {
      const payload = parseEventData(data);
      if (event === 'delta' && isRecord(payload) && typeof payload.text === 'string') onDelta(payload.text);
      else if (event === 'done') {
        void reader.cancel();
        return payload as T;
      } else if (event === 'error') {
        void reader.cancel();
        // The stream had opened with 200; the failure itself is a bad gateway to the model.
        throw new ApiError(errorMessageFrom(payload, 'Bad Gateway', 502), 502, payload);
      }
    }
  }
  throw new StreamBrokenError('The stream ended before the answer was complete');
}

/**
 * A chat reply streamed as it is written, with the plain call as the fallback when streaming does not
 * work here (no readable streams, a proxy that cuts the stream): `onRestart` tells the caller to drop
 * the partial text before the plain answer arrives. A refusal from the server is not retried.
 */
export async function postStreamingWithFallback<T>(
  url: string,
  body: unknown,
  handlers: { onDelta: (text: string) => void; onRestart: () => void },
): Promise<T> {
  try {
    return await apiStream<T>(url, body, handlers.onDelta);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    handlers.onRestart();
    return api.post<T>(url, body);
  }
}

function parseEventData(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    throw new StreamBrokenError('The stream carried an unreadable event');
  }
}

export const api = {
  get: <T>(url: string) => apiRequest<T>('GET', url),
  post: <T>(url: string, body?: unknown) => apiRequest<T>('POST', url, body),
  patch: <T>(url: string, body?: unknown) => apiRequest<T>('PATCH', url, body),
  put: <T>(url: string, body?: unknown) => apiRequest<T>('PUT', url, body),
  delete: <T>(url: string) => apiRequest<T>('DELETE', url),
};
