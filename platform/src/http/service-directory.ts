import { AppError } from '../errors.ts';
import { IDENTITY_HEADER, type Identity, signIdentity } from './identity.ts';
import type { InProcessClient } from './in-process.ts';

/** Where the services are, and a way to call their internal routes with a signed service identity. */
export class ServiceDirectory {
  readonly #urls = new Map<string, string>();
  readonly #inProcess = new Map<string, InProcessClient>();
  readonly #secret: string;
  readonly #caller: string;

  constructor(secret: string, caller: string, urls: Readonly<Record<string, string | undefined>> = {}) {
    this.#secret = secret;
    this.#caller = caller;
    for (const [name, url] of Object.entries(urls)) if (url) this.#urls.set(name, url);
  }

  set(name: string, url: string): void {
    this.#urls.set(name, url);
  }

  url(name: string): string | undefined {
    return this.#urls.get(name);
  }

  /** Target `all`: the service runs in this process, and the gateway's hop to it needs no socket. */
  setInProcess(name: string, client: InProcessClient): void {
    this.#inProcess.set(name, client);
  }

  /** The in-process client of a service running in this process, for the gateway's proxy. */
  inProcess(name: string): InProcessClient | undefined {
    return this.#inProcess.get(name);
  }

  /**
   * Calls another service over HTTP. A service that is not reachable becomes SERVICE_UNAVAILABLE; a
   * non-2xx answer is rethrown as its own `{ error, message, code }`.
   */
  async call<T>(
    name: string,
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
    path: string,
    body?: unknown,
    options: { identity?: Identity; timeoutMs?: number } = {},
  ): Promise<T> {
    const base = this.#urls.get(name);
    if (!base) throw new AppError('SERVICE_UNAVAILABLE', `The ${name} service is not running.`);
    const identity = options.identity ?? { kind: 'service', service: this.#caller };
    let response: Response;
    try {
      response = await fetch(new URL(path, base), {
        method,
        headers: {
          [IDENTITY_HEADER]: signIdentity(this.#secret, identity),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', `The ${name} service did not answer.`, { cause: error });
    }
    const text = await response.text();
    const json = text ? safeJson(text) : undefined;
    if (!response.ok) throw new UpstreamError(response.status, json, response.headers.get('retry-after'));
    return json as T;
  }
}

/** A non-2xx answer from another service, kept as-is so the gateway can pass it through. */
export class UpstreamError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The service's `Retry-After` (a 429 or 503), passed on with its answer. */
  readonly retryAfter: string | null;
  constructor(status: number, body: unknown, retryAfter: string | null = null) {
    const message =
      body && typeof body === 'object' && 'message' in body ? String(body.message) : `HTTP ${status}`;
    super(message);
    this.name = 'UpstreamError';
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { error: 'Invalid response', message: text.slice(0, 200), code: 'UPSTREAM_FAILED' };
  }
}
