import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** One request as @fastify/reply-from hands it to its HTTP client (undici's `request` options). */
export interface ProxiedRequest {
  path: string;
  method: string;
  headers: Record<string, string | string[] | number | undefined>;
  body?: unknown;
  headersTimeout?: number;
}

/** The answer reply-from reads back: status, headers, and the body as a stream. */
export interface ProxiedResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

/**
 * The client half of a hop that never leaves the process: @fastify/reply-from takes any object with
 * undici's `request(options, callback)`, so the gateway keeps its proxy (the same header rewriting,
 * identity signing, error mapping and streamed answers) and only the transport changes.
 */
export interface InProcessClient {
  request(request: ProxiedRequest, callback: (error: Error | null, response?: ProxiedResponse) => void): void;
  destroy(): void;
}

/** undici's own default: an answer whose headers take longer than this is a gateway timeout. */
const HEADERS_TIMEOUT_MS = 300_000;

/** Headers that describe one connection, not the request (RFC 9110 7.6.1); undici drops them too. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/**
 * Serves the gateway's hop to a service in the same process by handing the request to the service's
 * Fastify instance (`inject`): the service runs its whole lifecycle (identity check, validation,
 * hooks, logging, metrics) as for a request off its socket, without the two HTTP stacks, the loopback
 * socket and the parsing in between. The answer streams (server-sent events arrive as they are
 * written), and a reader that goes away closes the service's response as a dropped socket would.
 */
export function inProcessClient(app: Pick<FastifyInstance, 'inject'>): InProcessClient {
  let destroyed = false;
  return {
    request(request, callback) {
      if (destroyed) {
        callback(Object.assign(new Error('The in-process client is closed'), { code: 'UND_ERR_DESTROYED' }));
        return;
      }
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || HOP_BY_HOP.has(name)) continue;
        headers[name] = typeof value === 'number' ? String(value) : value;
      }
      const body = payloadOf(request.body);
      // Fastify reads a body only when the request says there is one, as undici's chunked encoding does.
      if (body !== undefined && headers['content-length'] === undefined)
        headers['transfer-encoding'] = 'chunked';

      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        callback(Object.assign(new Error('Headers Timeout Error'), { code: 'UND_ERR_HEADERS_TIMEOUT' }));
      }, request.headersTimeout || HEADERS_TIMEOUT_MS);
      timer.unref();

      app
        .inject({
          method: request.method as 'GET',
          url: request.path,
          headers,
          ...(body === undefined ? {} : { payload: body }),
          payloadAsStream: true,
        })
        .then(
          (response) => {
            clearTimeout(timer);
            const stream = response.stream();
            const serviceSide = (response.raw as { res?: { destroy(): void; writableEnded?: boolean } }).res;
            // The reader left before the end (a closed browser tab on a stream): the service sees its
            // response close, as when the gateway's socket to it dropped.
            stream.once('close', () => {
              if (serviceSide && !serviceSide.writableEnded) serviceSide.destroy();
            });
            if (settled) {
              stream.destroy();
              return;
            }
            settled = true;
            callback(null, {
              statusCode: response.statusCode,
              headers: response.headers as ProxiedResponse['headers'],
              body: stream,
            });
          },
          (error: unknown) => {
            clearTimeout(timer);
            if (settled) return;
            settled = true;
            callback(error instanceof Error ? error : new Error(String(error)));
          },
        );
    },
    destroy() {
      destroyed = true;
    },
  };
}

/** reply-from passes '' when the client sent no body: undici sends none then, and neither does this. */
function payloadOf(body: unknown): Readable | string | Buffer | undefined {
  if (body === undefined || body === null || body === '') return undefined;
  if (Buffer.isBuffer(body) && body.length === 0) return undefined;
  if (body instanceof Readable || typeof body === 'string' || Buffer.isBuffer(body)) return body;
  return JSON.stringify(body);
}
