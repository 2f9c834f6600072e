/** localStorage key under which the session id from login/register is kept (spec 9). */
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

/** Spec 8: the message comes from the body's `error`, then its `message`, then the status text. */
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

/**
 * The one way the web app talks to the gateway: cookie credentials plus the stored session id as a
 * bearer token, JSON in and out, and every non-OK status turned into an ApiError (401 included).
 */
export async function apiRequest<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const sessionId = readSessionId();
  if (sessionId) headers.Authorization = `Bearer ${sessionId}`;
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  const response = await fetch(url, init);
  const parsed = await readBody(response);
  if (!response.ok) {
    throw new ApiError(
      errorMessageFrom(parsed, response.statusText, response.status),
      response.status,
      parsed,
    );
  }
  return parsed as T;
}

export const api = {
  get: <T>(url: string) => apiRequest<T>('GET', url),
  post: <T>(url: string, body?: unknown) => apiRequest<T>('POST', url, body),
  patch: <T>(url: string, body?: unknown) => apiRequest<T>('PATCH', url, body),
  delete: <T>(url: string) => apiRequest<T>('DELETE', url),
};
