import {
  AppError,
  DATABASE_UNAVAILABLE_MESSAGE,
  errorBody,
  isDatabaseUnavailable,
} from '@lifequest/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Clients ask for a streamed chat reply with `Accept: text/event-stream`. */
export function wantsStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream');
}

export interface StreamIo {
  /** Aborted when the client goes away before the answer is complete. */
  signal: AbortSignal;
  onDelta(text: string): void;
}

/**
 * Answers as server-sent events: `delta` events carry the reply text as it is written, then one `done`
 * event carries the whole answer (the same JSON a plain request gets), or an `error` event carries
 * `{error, message, code}`. The stream opens on the first piece of text, so a refusal that comes before
 * any (validation, budget) is an ordinary HTTP error. When the client leaves, the call is aborted.
 */
export async function streamAnswer<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  produce: (io: StreamIo) => Promise<T>,
  textOf: (answer: T) => string,
): Promise<void> {
  const controller = new AbortController();
  let opened = false;
  let settled = false;
  reply.raw.on('close', () => {
    if (!settled) controller.abort(new DOMException('The client closed the stream', 'AbortError'));
  });
  const open = () => {
    if (opened) return;
    opened = true;
    reply.hijack();
    reply.raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
  };
  const send = (event: string, data: unknown) => {
    reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  let sentText = false;
  try {
    const answer = await produce({
      signal: controller.signal,
      onDelta(text) {
        if (!text || controller.signal.aborted) return;
        open();
        sentText = true;
        send('delta', { text });
      },
    });
    settled = true;
    open();
    if (!sentText) send('delta', { text: textOf(answer) });
    send('done', answer);
    reply.raw.end();
  } catch (error) {
    settled = true;
    if (controller.signal.aborted) {
      // Nobody is listening any more; the usage was recorded on the way out.
      if (!opened) reply.hijack();
      reply.raw.destroy();
      return;
    }
    if (!opened) throw error;
    if (error instanceof AppError) {
      send('error', error.toBody());
    } else if (isDatabaseUnavailable(error)) {
      // As the HTTP error table answers it before the stream opened (503).
      request.log.warn({ err: error }, 'stream failed: database unavailable');
      send('error', errorBody('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE));
    } else {
      request.log.error({ err: error }, 'stream failed');
      send('error', errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'));
    }
    reply.raw.end();
  }
}
