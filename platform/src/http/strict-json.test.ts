import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logger.ts';
import { createHttpServer, type HttpServer } from './server.ts';
import { assertJsonDepth, assertStorableText, MAX_JSON_DEPTH } from './strict-json.ts';

const nested = (depth: number, leaf: string) => `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;

describe('the strict JSON rules', () => {
  it('counts nesting outside strings only', () => {
    expect(() => assertJsonDepth(nested(MAX_JSON_DEPTH, '1'))).not.toThrow();
    expect(() => assertJsonDepth(nested(MAX_JSON_DEPTH + 1, '1'))).toThrow(/nests deeper than 32/);
    expect(() => assertJsonDepth(`{"text":"${'['.repeat(5_000)}\\"{{{"}`)).not.toThrow();
  });

  it('finds NUL and lone surrogates at any depth, in keys and values, without recursing', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => assertStorableText(deep)).toThrow(/NUL/);
    expect(() => assertStorableText({ a: [{ b: 'fine \ud83d\ude00' }] })).not.toThrow();
    expect(() => assertStorableText({ a: [{ b: 'half \ud83d' }] })).toThrow(/lone UTF-16 surrogate/);
    expect(() => assertStorableText({ '\udc00key': 1 })).toThrow(/lone UTF-16 surrogate/);
    expect(() => assertStorableText({ 'k\u0000': 1 })).toThrow(/NUL/);
  });
});

describe('a LifeQuest server refuses text it cannot store, with 400 instead of 500', () => {
  let app: HttpServer;
  const stored: unknown[] = [];

  beforeAll(async () => {
    app = await createHttpServer({
      name: 'strict',
      logger: createLogger('silent'),
      bodyLimitBytes: 1_000_000,
    });
    // A loose body, like the free-form objects that used to reach the database.
    app.post('/api/notes', { schema: { body: z.record(z.string(), z.unknown()) } }, async (request) => {
      // What the database would do with it: this recursion is what a deep body used to overflow.
      stored.push(JSON.parse(JSON.stringify(request.body)));
      return { ok: true };
    });
    app.get('/api/notes/:id', async () => ({ ok: true }));
  });
  afterAll(() => app.close());

  const post = (payload: string) =>
    app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it.each([
    ['NUL 40 levels deep', nested(40, '"\\u0000"'), /nests deeper|NUL/],
    ['NUL 30 levels deep', nested(30, '"\\u0000"'), /NUL/],
    ['a lone high surrogate', '{"content":"hi \\ud800 there"}', /lone UTF-16 surrogate/],
    ['a lone low surrogate in a key', '{"\\udc00":"x"}', /lone UTF-16 surrogate/],
    ['3,000-deep arrays', `{"x":${'['.repeat(3_000)}${']'.repeat(3_000)}}`, /nests deeper/],
  ])('%s', async (_name, payload, message) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json().message).toMatch(message);
  });

  it('a surrogate pair (an emoji) is fine', async () => {
    const res = await post('{"content":"quest \\ud83d\\ude80"}');
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['__proto__ at the top', '{"content":"a","__proto__":{"polluted":1}}'],
    ['__proto__ deep inside', '{"content":"a","meta":[{"x":{"__proto__":null}}]}'],
    ['constructor.prototype', '{"content":"a","constructor":{"prototype":{"polluted":1}}}'],
  ])('valid JSON with %s is refused for that, not called invalid JSON', async (_where, payload) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Invalid request',
      message: 'The body may not contain the key __proto__ (nor constructor.prototype).',
      code: 'FORBIDDEN_KEY',
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('the words themselves are fine: as values, and a constructor without a prototype', async () => {
    for (const payload of [
      '{"content":"__proto__"}',
      '{"constructor":"x","prototype":1}',
      '{"constructor":{"a":1}}',
    ]) {
      expect((await post(payload)).statusCode, payload).toBe(200);
    }
  });

  it('NUL or a lone surrogate in the query or the path is a 400 too', async () => {
    for (const url of ['/api/notes/a%00b', '/api/notes/x?q=%00', '/api/notes/%ED%A0%80']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
    }
  });
});
