import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logger.ts';
import { createHttpServer, type HttpServer } from './server.ts';

// A client that sends its whole body before it reads the answer (curl, most SDKs, Node's own client) must
// read the 413, not a reset: the server answers, then reads on and drops the rest of the body (bounded)
// before it closes, the way nginx lingers (docs/reliability.md).

const LIMIT = 10_000;
const FIVE_MB = 5 * 1024 * 1024;
let app: HttpServer;
let base: string;

beforeAll(async () => {
  app = await createHttpServer({ name: 'test', logger: createLogger('silent'), bodyLimitBytes: LIMIT });
  app.post('/api/things', { schema: { body: z.object({ title: z.string() }) } }, async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

interface Outcome {
  status?: number;
  body?: string;
  /** EPIPE or ECONNRESET, on the request or the answer: the client lost the connection. */
  error?: string;
}

/**
 * Writes all of `body` (declared by Content-Length, or chunked), reads the answer, and waits for the
 * connection to close: a reset counts even when it comes after the answer was read.
 */
function upload(body: Buffer, declared: boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = {};
    const req = httpRequest(`${base}/api/things`, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        ...(declared ? { 'content-length': body.length } : { 'transfer-encoding': 'chunked' }),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        outcome.status = res.statusCode ?? 0;
        outcome.body = Buffer.concat(chunks).toString();
      });
      res.on('error', (error: NodeJS.ErrnoException) => {
        outcome.error ??= error.code ?? error.message;
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      outcome.error ??= error.code ?? error.message;
    });
    req.on('close', () => resolve(outcome));
    // In 64 KB writes, as a client streaming a file does.
    for (let at = 0; at < body.length; at += 65_536) req.write(body.subarray(at, at + 65_536));
    req.end();
  });
}

const fiveMegabytes = () => Buffer.from(`{"title":"${'x'.repeat(FIVE_MB)}"}`);

it.each([
  { how: 'declared by Content-Length', declared: true },
  { how: 'streamed in chunks', declared: false },
])('a 5 MB body $how is answered 413 { error, message, code }, never with a reset', async ({ declared }) => {
  for (let i = 0; i < 5; i++) {
    const outcome = await upload(fiveMegabytes(), declared);
    expect(outcome).toEqual({ status: 413, body: expect.any(String) });
    expect(JSON.parse(outcome.body ?? '')).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  }
});

it('keeps answering after refusing oversized bodies', async () => {
  const res = await fetch(`${base}/api/things`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Quest' }),
  });
  expect(res.status).toBe(200);
});
