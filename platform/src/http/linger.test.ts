import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { LINGER_BYTES, lingerThenClose } from './linger.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that answers at once, then lingers; resolves with its socket once a client connects. */
async function lingeringServer(): Promise<{ port: number; accepted: Promise<Socket> }> {
  let accept!: (socket: Socket) => void;
  const accepted = new Promise<Socket>((resolve) => (accept = resolve));
  server = createServer((socket) => {
    socket.resume(); // what arrives is dropped, as the HTTP parser drops a refused body
    socket.write('refused\n');
    lingerThenClose(socket);
    accept(socket);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, accepted };
}

it('reads on after the answer until the client closes its side, then closes without a reset', async () => {
  const { port, accepted } = await lingeringServer();
  const client = connect(port, '127.0.0.1');
  let answer = '';
  let error = '';
  client.on('data', (chunk) => (answer += chunk));
  client.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
  for (let i = 0; i < 64; i++) client.write(Buffer.alloc(65_536, 1)); // 4 MB still coming after the answer
  client.end();
  await new Promise((resolve) => client.on('close', resolve));
  const socket = await accepted;
  await new Promise((resolve) => (socket.destroyed ? resolve(null) : socket.on('close', resolve)));
  expect({ answer, error }).toEqual({ answer: 'refused\n', error: '' });
  expect(socket.bytesRead).toBe(64 * 65_536);
});

it('stops reading a client that keeps sending past the bound', async () => {
  const { port, accepted } = await lingeringServer();
  const client = connect(port, '127.0.0.1');
  client.on('error', () => {});
  const chunk = Buffer.alloc(65_536, 1);
  let open = true;
  client.on('close', () => (open = false));
  // Sends for as long as the server reads: far more than the bound, unless the server closes.
  const pump = () => {
    while (open && client.write(chunk)) {}
    if (open) client.once('drain', pump);
  };
  pump();
  const socket = await accepted;
  await new Promise((resolve) => (socket.destroyed ? resolve(null) : socket.on('close', resolve)));
  client.destroy();
  expect(socket.bytesRead).toBeGreaterThan(LINGER_BYTES);
  // Checked on every chunk read: at most one read (64 KB from the kernel) past the bound.
  expect(socket.bytesRead).toBeLessThanOrEqual(LINGER_BYTES + 'refused\n'.length + 65_536 * 4);
});
