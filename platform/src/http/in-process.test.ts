import { once } from 'node:events';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { inProcessClient, type ProxiedRequest, type ProxiedResponse } from './in-process.ts';

const app = Fastify();
let release: () => void = () => {};
let serviceClosed: Promise<unknown> = Promise.resolve();
app.get('/stream', async (_request, reply) => {
  reply.hijack();
  reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
  reply.raw.write('event: delta\n\n');
  serviceClosed = once(reply.raw, 'close');
  await new Promise<void>((resolve) => {
    release = resolve;
  });
  if (!reply.raw.destroyed) reply.raw.end('event: done\n\n');
});
app.delete('/thing', async (_request, reply) => reply.code(204).send());
app.post('/echo', async (request) => ({ body: request.body, headers: request.headers }));
afterAll(() => app.close());

const client = inProcessClient(app);
const send = (request: ProxiedRequest) =>
  new Promise<ProxiedResponse>((resolve, reject) =>
    client.request(request, (error, response) => (error ? reject(error) : resolve(response!))),
  );

describe('the in-process client (the gateway hop of target `all`)', () => {
  it('streams the answer: the first event arrives while the service is still writing', async () => {
    const response = await send({ path: '/stream', method: 'GET', headers: {} });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream');
    const [first] = (await once(response.body, 'data')) as [Buffer];
    expect(first.toString()).toBe('event: delta\n\n');
    release();
    const rest: Buffer[] = [];
    for await (const chunk of response.body) rest.push(chunk as Buffer);
    expect(Buffer.concat(rest).toString()).toBe('event: done\n\n');
  });

  it('a reader that goes away closes the service’s response, as a dropped socket would', async () => {
    const response = await send({ path: '/stream', method: 'GET', headers: {} });
    await once(response.body, 'data');
    response.body.destroy();
    await serviceClosed;
    release();
  });

  it('passes a streamed body without a length, and leaves out the headers of one connection', async () => {
    const response = await send({
      path: '/echo',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        connection: 'keep-alive',
        'keep-alive': 'timeout=5',
        'transfer-encoding': undefined,
        'x-request-id': 'r-1',
      },
      body: Readable.from([Buffer.from('{"title":'), Buffer.from('"Run"}')]),
    });
    const chunks: Buffer[] = [];
    for await (const chunk of response.body) chunks.push(chunk as Buffer);
    const echoed = JSON.parse(Buffer.concat(chunks).toString());
    expect(echoed.body).toEqual({ title: 'Run' });
    expect(echoed.headers['x-request-id']).toBe('r-1');
    expect(echoed.headers['keep-alive']).toBeUndefined();
    expect(echoed.headers.connection).toBeUndefined();
  });

  it('sends no body when the client sent none (reply-from hands over an empty string)', async () => {
    const response = await send({ path: '/thing', method: 'DELETE', headers: {}, body: '' });
    expect(response.statusCode).toBe(204);
  });

  it('a closed client refuses, so the proxy answers that the service is unavailable', async () => {
    const closed = inProcessClient(app);
    closed.destroy();
    await expect(
      new Promise((resolve, reject) =>
        closed.request({ path: '/echo', method: 'POST', headers: {} }, (error, response) =>
          error ? reject(error) : resolve(response),
        ),
      ),
    ).rejects.toThrow('closed');
  });
});
