import type { Socket } from 'node:net';

/**
 * How long, and how many more bytes, a refused connection is read and dropped before it closes. Closing
 * a socket with unread bytes makes the kernel answer them with a reset, and a client still sending its
 * body (curl, Node's client, most SDKs write it all before they read) then reads EPIPE or ECONNRESET
 * instead of the 413 or 400 already on its way. nginx lingers the same way (lingering_close).
 */
export const LINGER_MS = 5_000;
export const LINGER_BYTES = 16 * 1024 * 1024;
const CHECK_EVERY_MS = 50;

const lingering = new WeakSet<Socket>();

/**
 * Half-closes `socket` (the answer, then FIN) and reads on, dropping what arrives, until the client
 * closes its side, LINGER_BYTES more arrive or LINGER_MS pass; then it is destroyed. The bytes are
 * dropped by whoever reads the socket (Node's HTTP parser, which discards a refused request's body).
 */
export function lingerThenClose(socket: Socket): void {
  if (socket.destroyed) return;
  if (!lingering.has(socket)) {
    lingering.add(socket);
    const readBefore = socket.bytesRead;
    const stop = () => socket.destroy();
    const timer = setTimeout(stop, LINGER_MS);
    const overBound = () => {
      if (socket.bytesRead - readBefore > LINGER_BYTES) stop();
    };
    // On every chunk where 'data' events fire; bytesRead also counts what the HTTP parser consumes
    // straight from the handle (no 'data' events then), looked at every CHECK_EVERY_MS.
    socket.on('data', overBound);
    const meter = setInterval(overBound, CHECK_EVERY_MS);
    timer.unref();
    meter.unref();
    socket.once('close', () => {
      clearTimeout(timer);
      clearInterval(meter);
    });
    // The client's FIN: nothing more will come; close once the answer is out.
    socket.once('end', () => (socket.writableFinished ? stop() : socket.once('finish', stop)));
  }
  if (socket.writable) socket.end();
}

/**
 * Makes Node's HTTP server linger instead of closing at once when it ends the answer under way on
 * `socket` with `Connection: close` (its `destroySoon`, which would close with the request's body
 * unread): for an answer that refuses a body before reading all of it (413).
 */
export function lingerAfterAnswer(socket: Socket | null | undefined): void {
  if (!socket || socket.destroyed) return;
  socket.destroySoon = () => lingerThenClose(socket);
}
