import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logger.ts';
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
