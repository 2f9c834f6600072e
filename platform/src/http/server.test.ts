import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logger.ts';
import { rawHttp, rawHttpAnswers } from '../testing/raw-http.ts';
import { createHttpServer, type HttpServer } from './server.ts';

let app: HttpServer;
let base: string;

beforeAll(async () => {
  app = await createHttpServer({ name: 'test', logger: createLogger('silent'), bodyLimitBytes: 10_000 });
  app.post(
    '/api/things/:id',
    {
      schema: {
        params: z.object({ id: z.string() }),
        querystring: z.object({ q: z.string().optional() }),
        body: z.object({
          title: z.string({ error: 'title is required' }),
          tags: z.array(z.string()).optional(),
        }),
      },
    },
    async (request) => ({ id: request.params.id, title: request.body.title }),
  );
  // What a plugin does when it refuses a request: throws an error carrying a 4xx statusCode of its own.
  app.get('/api/refusing-plugin', async () => {
    throw Object.assign(new Error('Not like this.'), { statusCode: 405 });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

it('is not ready while a readiness check fails, and says why', async () => {
  let healthy = false;
  const probe = await createHttpServer({
    name: 'probe',
    logger: createLogger('silent'),
    bodyLimitBytes: 1_000,
    readinessChecks: [
      async () => {
        if (!healthy) throw new Error('database unreachable');
      },
    ],
  });
  const ready = () => probe.inject({ method: 'GET', url: '/readyz' });
  expect((await ready()).statusCode).toBe(503);
  expect((await ready()).json()).toMatchObject({
    code: 'SERVICE_UNAVAILABLE',
    message: 'Not ready: database unreachable',
  });
  healthy = true;
  expect((await ready()).statusCode).toBe(200);
  await probe.close();
});

const post = (path: string, body: string, contentType = 'application/json') =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });

describe('the house rules every LifeQuest server keeps', () => {
  it('accepts a valid request', async () => {
    const res = await post('/api/things/a1', JSON.stringify({ title: 'Quest' }));
    expect(await res.json()).toEqual({ id: 'a1', title: 'Quest' });
  });

  it('names the missing field without internal prefixes, so a form can show it as-is', async () => {
    const res = await post('/api/things/a1', '{}');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Invalid request',
      message: 'title is required',
      code: 'VALIDATION_FAILED',
    });
  });

  it.each([
    ['a body string', JSON.stringify({ title: 'bad\u0000title' })],
    ['a nested string', JSON.stringify({ title: 'ok', tags: ['fine', 'not\u0000fine'] })],
    ['a key', '{"ti\\u0000tle": "x", "title": "ok"}'],
  ])('refuses a NUL character in %s with a 400 instead of failing in Postgres', async (_where, body) => {
    const res = await post('/api/things/a1', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('NUL'),
    });
  });

  it('refuses a NUL character in the query string and in path parameters', async () => {
    for (const path of ['/api/things/a1?q=%00', '/api/things/a%00b']) {
      const res = await post(path, JSON.stringify({ title: 'ok' }));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('answers a malformed URL and an over-long parameter from the error table', async () => {
    const bad = await post('/api/things/%zz', JSON.stringify({ title: 'ok' }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: 'Invalid request',
      message: 'The URL is malformed.',
      code: 'VALIDATION_FAILED',
    });
    const long = await post(`/api/things/${'x'.repeat(200)}`, JSON.stringify({ title: 'ok' }));
    expect(long.status).toBe(414);
    expect(await long.json()).toEqual({
      error: 'Request path too long',
      message: 'A path parameter is too long.',
      code: 'URI_TOO_LONG',
    });
  });

  it('answers any other 4xx the HTTP layer raises from the table, as BAD_REQUEST', async () => {
    const res = await fetch(`${base}/api/refusing-plugin`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Invalid request',
      message: 'Not like this.',
      code: 'BAD_REQUEST',
    });
  });

  it('answers a wrong method on a known path 405 with Allow, and an unknown path still 404', async () => {
    const put = await fetch(`${base}/api/things/a1`, { method: 'PUT' });
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'POST']);
    expect(await put.json()).toEqual({
      error: 'Method not allowed',
      message: 'PUT is not allowed on /api/things/a1; it takes POST.',
      code: 'METHOD_NOT_ALLOWED',
    });
    const health = await fetch(`${base}/healthz?x=1`, { method: 'DELETE' });
    expect([health.status, health.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    const unknown = await fetch(`${base}/api/things/a1/more`, { method: 'PUT' });
    expect([unknown.status, ((await unknown.json()) as { code: string }).code]).toEqual([
      404,
      'ROUTE_NOT_FOUND',
    ]);
  });

  it('answers 405 before a replaced 404 handler (the gateway’s web app fallback) is asked', async () => {
    const withFallback = await createHttpServer({
      name: 'fallback',
      logger: createLogger('silent'),
      bodyLimitBytes: 1_000,
      notFoundHandler: (_request, reply) => reply.code(200).send('the web app'),
    });
    withFallback.post('/api/login', async () => ({ ok: true }));
    const wrong = await withFallback.inject({ method: 'GET', url: '/api/login' });
    expect([wrong.statusCode, wrong.headers.allow]).toEqual([405, 'POST']);
    expect((await withFallback.inject({ method: 'GET', url: '/a/page' })).body).toBe('the web app');
    await withFallback.close();
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await post('/api/things/a1', 'title=Quest', 'text/plain');
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('describes its routes in an OpenAPI document built from the zod schemas', async () => {
    const doc: any = await (await fetch(`${base}/openapi.json`)).json();
    expect(doc.openapi).toMatch(/^3\./);
    const operation = doc.paths['/api/things/{id}'].post;
    expect(operation.requestBody.content['application/json'].schema.required).toEqual(['title']);
  });

  it('answers an Expect: 100-continue upload normally', async () => {
    const body = JSON.stringify({ title: 'Quest' });
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${base}/api/things/a1`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          expect: '100-continue',
        },
      });
      req.on('continue', () => req.end(body));
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
    });
    expect(status).toBe(200);
  });
});

describe('requests Node cannot parse, answered from the error table', () => {
  const oversized = `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
  const both =
    'POST /api/things/a1 HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n';

  it.each([
    { what: 'an oversized header', request: oversized, status: 431, code: 'HEADERS_TOO_LARGE' },
    {
      // Most of it still unread when the answer goes: the answer must not be lost to a reset.
      what: 'a 4 MB header',
      request: `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(4_000_000)}\r\n\r\n`,
      status: 431,
      code: 'HEADERS_TOO_LARGE',
    },
    { what: 'a malformed request line', request: 'GARBAGE\r\n\r\n', status: 400, code: 'BAD_REQUEST' },
    {
      what: 'Content-Length: abc',
      request: 'POST /api/things/a1 HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      status: 400,
      code: 'BAD_REQUEST',
    },
    {
      what: 'a control character in a header',
      request: 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\x01b\r\n\r\n',
      status: 400,
      code: 'BAD_REQUEST',
    },
    { what: 'Transfer-Encoding with Content-Length', request: both, status: 400, code: 'BAD_REQUEST' },
  ])(
    '$what: $status { error, message, code: $code }, then the connection closes',
    async ({ request, status, code }) => {
      const answer = await rawHttp(base, request);
      expect(answer.status).toBe(status);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers.connection).toBe('close');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(JSON.parse(answer.body)).toEqual({
        error: expect.any(String),
        message: expect.any(String),
        code,
      });
      expect(answer.closed).toBe(true);
    },
  );

  it('says what was wrong in the message', async () => {
    expect(JSON.parse((await rawHttp(base, both)).body).message).toMatch(/Transfer-Encoding.*Content-Length/);
    expect(JSON.parse((await rawHttp(base, oversized)).body).message).toMatch(/headers are too large/);
  });

  it('answers a malformed request pipelined behind a good one only after the good one’s answer', async () => {
    const [first, second] = await rawHttpAnswers(
      base,
      'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\nX-A: \x01\r\n\r\n',
      2,
    );
    expect([first?.status, JSON.parse(first?.body ?? '')]).toEqual([200, { status: 'ok' }]);
    expect([second?.status, JSON.parse(second?.body ?? '').code, second?.closed]).toEqual([
      400,
      'BAD_REQUEST',
      true,
    ]);
  });

  it('answers a body that breaks off mid-request (a bad chunk) at once, though its route awaits the body', async () => {
    const answer = await rawHttp(
      base,
      'POST /api/things/a1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\nZZ\r\n',
    );
    expect([answer.status, JSON.parse(answer.body).code, answer.closed]).toEqual([400, 'BAD_REQUEST', true]);
  });

  it("adds the headers the server sets on every answer (the gateway's security headers)", async () => {
    const guarded = await createHttpServer({
      name: 'guarded',
      logger: createLogger('silent'),
      bodyLimitBytes: 1_000,
      answerHeaders: { 'content-security-policy': "default-src 'self'", 'x-frame-options': 'DENY' },
    });
    await guarded.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `http://127.0.0.1:${(guarded.server.address() as AddressInfo).port}`;
      const refused = await rawHttp(url, 'GARBAGE\r\n\r\n');
      expect(refused.headers['content-security-policy']).toBe("default-src 'self'");
      expect(refused.headers['x-frame-options']).toBe('DENY');
      const answered = await fetch(`${url}/healthz`);
      expect(answered.headers.get('content-security-policy')).toBe("default-src 'self'");
    } finally {
      await guarded.close();
    }
  });
});

describe("a route's answered line", () => {
  it('goes at debug for a quietLog route unless it answered 5xx; at info for any other route', async () => {
    const lines: { level: number; msg: string; url?: string; status?: number }[] = [];
    const logger = pino(
      { level: 'debug' },
      {
        write: (line: string) => {
          const parsed = JSON.parse(line);
          if (parsed.msg === 'request completed' || parsed.msg === 'request errored')
            lines.push({
              level: parsed.level,
              msg: parsed.msg,
              url: parsed.req?.url,
              status: parsed.res?.statusCode,
            });
        },
      },
    );
    const quiet = await createHttpServer({ name: 'quiet', logger, bodyLimitBytes: 1_000 });
    quiet.get('/api/proxied', { config: { quietLog: true } }, async () => ({ ok: true }));
    quiet.get('/api/proxied-failing', { config: { quietLog: true } }, async (_request, reply) =>
      reply.code(503).send({ error: 'x', message: 'y', code: 'SERVICE_UNAVAILABLE' }),
    );
    quiet.get('/api/own', async () => ({ ok: true }));
    for (const url of ['/api/proxied', '/api/proxied-failing', '/api/own'])
      await quiet.inject({ method: 'GET', url });
    await quiet.close();
    expect(lines.map(({ level, url, status }) => ({ level, url, status }))).toEqual([
      { level: 20, url: '/api/proxied', status: 200 },
      { level: 30, url: '/api/proxied-failing', status: 503 },
      { level: 30, url: '/api/own', status: 200 },
    ]);
  });
});
