import { Agent, request as httpRequest } from 'node:http';
import { rawHttp } from '@lifequest/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeroClient, startLifeQuest, type TestLifeQuest } from './testing/index.ts';

// What the door refuses (docs/reliability.md): each test here failed before its fix.

let app: TestLifeQuest;
let hero: HeroClient;

beforeAll(async () => {
  app = await startLifeQuest({});
  hero = new HeroClient(app.url, 'bearer');
  await hero.register('Warden');
});
afterAll(() => app?.close());

/** A raw request, so the test controls every header and how the body is framed. */
function send(
  path: string,
  options: {
    method?: string;
    headers?: Record<string, string | number>;
    body?: Buffer | string;
    chunks?: Buffer[];
  },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${app.url}${path}`, {
      method: options.method ?? 'POST',
      headers: options.headers,
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    if (options.chunks) {
      for (const chunk of options.chunks) req.write(chunk);
      req.end();
    } else {
      req.end(options.body);
    }
  });
}

const bearer = () => ({ authorization: `Bearer ${hero.sessionId}` });

describe('bodies on their way to a service', () => {
  it.each([1_500_000, 20_000_000])('a %d-byte body is a 413 JSON error from the gateway', async (size) => {
    const body = Buffer.from(JSON.stringify({ title: 'x'.repeat(size) }));
    const res = await send('/api/goals', {
      headers: { ...bearer(), 'content-type': 'application/json', 'content-length': body.length },
      body,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('a streamed body without Content-Length is counted and refused with 413 too', async () => {
    const chunks = Array.from({ length: 40 }, () => Buffer.alloc(64 * 1024, 'x'));
    const res = await send('/api/goals', {
      headers: { ...bearer(), 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      chunks,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('a body just under the limit reaches the service, which judges it', async () => {
    const body = JSON.stringify({ title: 'x'.repeat(1_048_576 - 200) });
    const res = await send('/api/goals', {
      headers: { ...bearer(), 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).message).toContain('title must be at most');
  });

  it.each([
    'text/plain; x',
    'text/plain',
    'a/b; c=',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
  ])('Content-Type %j on a proxied route is a 415 JSON error', async (contentType) => {
    const res = await send('/api/goals', {
      headers: { ...bearer(), 'content-type': contentType },
      body: '{"title":"Sneaky"}',
    });
    expect(res.status).toBe(415);
    expect(JSON.parse(res.text)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('JSON with odd but harmless parameters is still JSON', async () => {
    const res = await send('/api/goals', {
      headers: { ...bearer(), 'content-type': 'application/json; x' },
      body: '{"title":"Parameters"}',
    });
    expect(res.status).toBe(201);
  });

  it("the gateway's own routes take only JSON too", async () => {
    const res = await send('/api/auth/login', {
      headers: { 'content-type': 'text/plain' },
      body: '{"email":"a@example.com","password":"whatever1"}',
    });
    expect(res.status).toBe(415);
  });
});

describe('prototype keys in a body (as an attacker would try)', () => {
  it('a __proto__ key is refused as such, by the service behind the gateway, not called invalid JSON', async () => {
    const res = await send('/api/goals', {
      headers: { ...bearer(), 'content-type': 'application/json' },
      body: '{"title":"a","__proto__":{"x":1}}',
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({
      code: 'FORBIDDEN_KEY',
      message: expect.stringContaining('__proto__'),
    });
  });

  it("and by the gateway's own routes", async () => {
    const res = await send('/api/auth/login', {
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@example.com","password":"whatever1","constructor":{"prototype":{"x":1}}}',
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ code: 'FORBIDDEN_KEY' });
  });
});

describe('a wrong method on a known path (as an attacker would try)', () => {
  const call = async (method: string, path: string, headers: Record<string, string> = bearer()) => {
    const res = await fetch(`${app.url}${path}`, { method, headers });
    return { status: res.status, allow: res.headers.get('allow'), body: await res.json() };
  };

  it("is 405 with the path's methods in Allow, for a service's routes", async () => {
    const goal = await hero.post('/api/goals', { title: 'Methodical', milestones: ['One'] });
    const milestoneId = goal.body.milestones[0].id;
    expect(await call('PUT', '/api/goals')).toMatchObject({
      status: 405,
      allow: 'GET, HEAD, POST',
      body: { code: 'METHOD_NOT_ALLOWED' },
    });
    expect(await call('GET', `/api/milestones/${milestoneId}/toggle`)).toMatchObject({
      status: 405,
      allow: 'POST',
      body: { code: 'METHOD_NOT_ALLOWED', error: expect.any(String), message: expect.any(String) },
    });
  });

  it("is 405 for the gateway's own routes under a service's prefix, signed in or not", async () => {
    for (const headers of [bearer(), {}]) {
      expect(await call('DELETE', '/api/auth/logout', headers)).toMatchObject({ status: 405, allow: 'POST' });
      expect(await call('GET', '/api/auth/login', headers)).toMatchObject({ status: 405, allow: 'POST' });
    }
  });

  it('keeps unknown paths 404, and the closed /metrics unadvertised', async () => {
    expect(await call('GET', '/api/no-such-route')).toMatchObject({ status: 404, allow: null });
    expect(await call('PUT', '/api/goals/1/2/3')).toMatchObject({ status: 404, allow: null });
    expect(await call('DELETE', '/metrics')).toMatchObject({ status: 404, allow: null });
    // A prefix with a trailing slash is no route of the gateway's (it once answered 405, allowing GET):
    // the service answers, here its route of one quest with an empty id.
    expect(await call('GET', '/api/goals/')).toMatchObject({
      status: 400,
      allow: null,
      body: { code: 'VALIDATION_FAILED' },
    });
    expect(await call('GET', '/api/calendar/feed/', {})).toMatchObject({ status: 404, allow: null });
  });
});

describe('GET and HEAD with a body (found by the fuzz suite)', () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string, body?: string) =>
    new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const req = httpRequest(`${app.url}${path}`, {
        agent,
        headers: {
          ...bearer(),
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      });
      req.on('error', reject);
      req.end(body);
    });

  it('a 1 MB body on a GET is read and dropped: the answer comes on a connection that stays open', async () => {
    const first = await get('/api/milestones', `"${'z'.repeat(1_000_000)}"`);
    expect(first).toEqual({ status: 200, connection: 'keep-alive' });
    expect((await get('/api/auth/me')).status).toBe(200);
  });

  it('small bodies on GETs leave the requests after them unharmed', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await get('/api/goals', '{"x":1}')).status).toBe(200);
      expect((await get('/api/dashboard')).status).toBe(200);
    }
  });

  it('a GET body over the limit is a 413', async () => {
    expect((await get('/api/milestones', 'z'.repeat(1_048_577))).status).toBe(413);
  });
});

describe('security headers', () => {
  it('every answer carries the CSP, nosniff, a referrer policy and no framing', async () => {
    const answers = [
      await fetch(`${app.url}/`),
      await fetch(`${app.url}/api/auth/me`),
      await fetch(`${app.url}/api/no-such-route`),
      await fetch(`${app.url}/api/goals`, { headers: bearer() }),
      await fetch(`${app.url}/healthz`),
    ];
    for (const res of answers) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, res.url).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      // Scripts are the danger (they could read the session id): none inline, none from elsewhere.
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
      expect(scriptSrc?.trim()).toBe("script-src 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('API answers are never stored by a cache', async () => {
    for (const res of [
      await fetch(`${app.url}/api/auth/me`, { headers: bearer() }),
      await fetch(`${app.url}/api/goals`, { headers: bearer() }),
      await fetch(`${app.url}/api/auth/me`),
    ]) {
      expect(res.headers.get('cache-control'), res.url).toBe('no-store');
    }
  });
});

describe('/metrics on the public port', () => {
  it('is not served by the gateway without METRICS_TOKEN; the services still serve theirs inside', async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(404);
    const inside = await fetch(`${app.serviceUrls.quests}/metrics`);
    expect(await inside.text()).toContain('lifequest_http_requests_total');
  });

  it('with METRICS_TOKEN, only a scraper presenting it gets the figures', async () => {
    const token = 'scrape-me-please-0123456789';
    const metered = await startLifeQuest({ METRICS_TOKEN: token });
    try {
      expect((await fetch(`${metered.url}/metrics`)).status).toBe(404);
      const wrong = await fetch(`${metered.url}/metrics`, { headers: { authorization: 'Bearer nope' } });
      expect(wrong.status).toBe(404);
      const right = await fetch(`${metered.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(right.status).toBe(200);
      expect(await right.text()).toContain('lifequest_http_requests_total');
      // The scheme is case-insensitive (RFC 7235).
      const lower = await fetch(`${metered.url}/metrics`, { headers: { authorization: `bearer ${token}` } });
      expect(lower.status).toBe(200);
    } finally {
      await metered.close();
    }
  });
});

describe('logout', () => {
  it('ends every session the request carries: the cookie’s and the bearer’s', async () => {
    const first = new HeroClient(app.url, 'cookie');
    const { email, password } = await first.register('Twofold');
    const second = new HeroClient(app.url, 'bearer');
    await second.post('/api/auth/login', { email, password });
    expect(second.sessionId).toBeDefined();
    const cookie = first.cookie;

    const res = await first.request('POST', '/api/auth/logout', undefined, {
      authorization: `Bearer ${second.sessionId}`,
    });
    expect(res.status).toBe(200);
    expect((await second.get('/api/auth/me')).status).toBe(401);
    const oldCookie = new HeroClient(app.url, 'cookie');
    oldCookie.cookie = cookie;
    expect((await oldCookie.get('/api/auth/me')).status).toBe(401);
  });
});

describe('requests Node cannot parse (as an attacker would try)', () => {
  const cases = [
    {
      what: 'an oversized header',
      request: `GET /api/auth/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      status: 431,
      code: 'HEADERS_TOO_LARGE',
    },
    { what: 'a malformed request line', request: 'GET\r\n\r\n', status: 400, code: 'BAD_REQUEST' },
    {
      what: 'Content-Length: abc',
      request: 'POST /api/goals HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      status: 400,
      code: 'BAD_REQUEST',
    },
    {
      what: 'a control character in a header',
      request: 'GET /api/auth/me HTTP/1.1\r\nHost: x\r\nX-A: \x7f\x01\r\n\r\n',
      status: 400,
      code: 'BAD_REQUEST',
    },
    {
      what: 'Transfer-Encoding with Content-Length',
      request:
        'POST /api/goals HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      status: 400,
      code: 'BAD_REQUEST',
    },
  ];

  it.each(cases)(
    '$what: $status $code from the gateway, with its security headers, connection closed',
    async ({ request, status, code }) => {
      const answer = await rawHttp(app.url, request);
      expect(answer.status).toBe(status);
      expect(JSON.parse(answer.body)).toEqual({
        error: expect.any(String),
        message: expect.any(String),
        code,
      });
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers.connection).toBe('close');
      expect(answer.closed).toBe(true);
    },
  );

  it('every service answers them the same way (one server factory)', async () => {
    for (const url of Object.values(app.serviceUrls)) {
      const answer = await rawHttp(url, cases[3]!.request);
      expect(JSON.parse(answer.body), url).toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});
