import { type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { lingerThenClose } from './linger.ts';

/** A request Node's HTTP parser refused (or that timed out), as an answer from the error table. */
export function clientErrorRefusal(error: NodeJS.ErrnoException & { reason?: unknown }): AppError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new AppError('HEADERS_TOO_LARGE', "The request's headers are too large (16 KB at most).");
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new AppError('PAYLOAD_TOO_LARGE', "The request's chunk extensions are too large.");
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new AppError('REQUEST_TIMEOUT', 'The request did not arrive in time.');
  }
  // llhttp's reason says what it refused ("Invalid character in Content-Length"): the caller's own bytes.
  const reason =
    typeof error.reason === 'string' && error.code?.startsWith('HPE_') ? ` (${error.reason})` : '';
  return new AppError('BAD_REQUEST', `The request is not valid HTTP${reason}.`);
}

/**
 * Fastify's `clientErrorHandler`: answers what the HTTP parser refused with `{ error, message, code }`,
 * the headers every answer carries and `Connection: close`, instead of Fastify's default body. Nothing is
 * written to a socket that is gone or no longer writable, nor into the middle of another answer: a
 * malformed request pipelined behind a good one is answered after the good one's answer.
 */
export function clientErrorHandler(answerHeaders: Readonly<Record<string, string>>) {
  // Node reports the error again for every later chunk on the socket: the first refusal is the answer.
  const refused = new WeakSet<Socket>();
  return function handleClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed || refused.has(socket)) return;
    refused.add(socket);
    const refusal = clientErrorRefusal(error);
    this.log.debug({ err: error }, 'client error');
    afterAnswerInFlight(socket, (canWrite) => {
      if (!canWrite || !socket.writable) {
        socket.destroy();
        return;
      }
      // Then read on and drop the rest (of an oversized header, of a body): closing with bytes unread
      // would reset the connection, and a reset can destroy the answer before the client reads it.
      socket.write(rawAnswer(refusal, answerHeaders));
      lingerThenClose(socket);
    });
  };
}

/**
 * Calls `then(true)` once no answer is in flight on the socket (pipelined requests are answered in order),
 * or `then(false)` when one has begun that the refusal would cut into. `_httpMessage` is Node's own
 * record of the answer occupying the socket (its default clientError handler reads it too).
 */
function afterAnswerInFlight(socket: Socket, then: (canWrite: boolean) => void): void {
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!inFlight) {
    then(true);
    return;
  }
  if (!inFlight.req.complete) {
    // The refused bytes belong to the request in flight (its body): its answer cannot come; answer now.
    then(!inFlight.headersSent);
    return;
  }
  inFlight.once('close', () => {
    if (!socket.destroyed) afterAnswerInFlight(socket, then);
  });
}

function rawAnswer(refusal: AppError, answerHeaders: Readonly<Record<string, string>>): string {
  const body = JSON.stringify(refusal.toBody());
  const headers: Record<string, string | number> = {
    ...answerHeaders,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}
