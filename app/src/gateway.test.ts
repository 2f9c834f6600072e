import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { IDENTITY_HEADER, signIdentity } from '@lifequest/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeroClient, startLifeQuest, type TestLifeQuest } from './testing/index.ts';

let app: TestLifeQuest;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'lq-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>LifeQuest</title><div id="root"></div>');
  writeFileSync(join(webDir, 'assets', 'app.js'), 'console.log("quest")');
  // What the build's precompress step writes beside a file (web/build/precompress.ts).
  writeFileSync(join(webDir, 'assets', 'app.js.br'), brotliCompressSync('console.log("quest")'));
  writeFileSync(join(webDir, 'assets', 'app.js.gz'), gzipSync('console.log("quest")'));
  app = await startLifeQuest({ WEB_DIST_DIR: webDir, BODY_LIMIT_BYTES: '4096' });
});
afterAll(() => app?.close());

describe('sessions through the gateway', () => {
  it('register → me → logout → login → me works with the session cookie', async () => {
    const hero = new HeroClient(app.url, 'cookie');
    const { user, sessionId, email, password } = await hero.register('Aria');
    expect(user).toMatchObject({
      name: 'Aria',
      email,
      isOnboarded: false,
      lifeLevel: 1,
      totalXP: 0,
      isAdmin: false,
    });
    expect(sessionId).toMatch(/^[\w-]{40,}$/);
    expect(hero.cookie).toBeDefined();

    expect((await hero.get('/api/auth/me')).body).toMatchObject({ id: user.id, name: 'Aria' });
    expect((await hero.post('/api/auth/logout')).status).toBe(200);
    expect(hero.cookie).toBeUndefined();
    const after = await hero.get('/api/auth/me');
    expect(after.status).toBe(401);
    expect(after.body).toEqual({
      error: 'Please sign in',
      message: 'Sign in to continue.',
      code: 'UNAUTHENTICATED',
    });

    const login = await hero.post('/api/auth/login', { email, password });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(user.id);
    expect((await hero.get('/api/auth/me')).body.id).toBe(user.id);
  });

  it('the same journey works with only the bearer sessionId, and logout destroys it server-side', async () => {
    const hero = new HeroClient(app.url, 'bearer');
    const { user, email, password } = await hero.register('Bram');
    expect((await hero.get('/api/auth/me')).body.id).toBe(user.id);
    const oldSession = hero.sessionId;
    await hero.post('/api/auth/logout');
    const replay = new HeroClient(app.url, 'bearer');
    replay.sessionId = oldSession;
    expect((await replay.get('/api/auth/me')).status).toBe(401);
    await hero.post('/api/auth/login', { email, password });
    expect(hero.sessionId).not.toBe(oldSession);
    expect((await hero.get('/api/auth/me')).body.id).toBe(user.id);
  });

  it('sets the session cookie httpOnly, SameSite=Lax, signed, for thirty days', async () => {
    const hero = new HeroClient(app.url);
    const res = await hero.post('/api/auth/register', {
      email: `c-${crypto.randomUUID()}@example.com`,
      password: 'long enough password',
      name: 'Cai',
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lq_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/); // plain http here; behind TLS with TRUST_PROXY it is Secure
    // The cookie carries a signature: the raw session id alone is not accepted as a cookie.
    const forged = new HeroClient(app.url, 'cookie');
    forged.cookie = `lq_session=${res.body.sessionId}`;
    expect((await forged.get('/api/auth/me')).status).toBe(401);
  });

  it('a forged identity header without a session gets 401', async () => {
    const victim = await new HeroClient(app.url).register('Victim');
    const forgedSigned = signIdentity('not-the-real-secret-not-the-real-secret', {
      kind: 'hero',
      userId: victim.user.id,
      email: victim.email,
      isAdmin: true,
    });
    for (const value of [forgedSigned, JSON.stringify({ userId: victim.user.id })]) {
      const res = await fetch(`${app.url}/api/auth/me`, {
        headers: { [IDENTITY_HEADER]: value, 'x-user-id': victim.user.id },
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('a forged identity header alongside a real session is replaced by the hero’s own identity', async () => {
    const victim = await new HeroClient(app.url).register('Victim');
    const attacker = new HeroClient(app.url);
    const me = await attacker.register('Mallory');
    const res = await attacker.request('GET', '/api/auth/me', undefined, {
      [IDENTITY_HEADER]: signIdentity('x'.repeat(40), {
        kind: 'hero',
        userId: victim.user.id,
        email: victim.email,
        isAdmin: true,
      }),
    });
    expect(res.body.id).toBe(me.user.id);
  });

  it('keeps heroes signed in across a restart of the embedded app', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lq-restart-'));
    const first = await startLifeQuest({ LIFEQUEST_DATA_DIR: dataDir });
    const hero = new HeroClient(first.url, 'both');
    const { user } = await hero.register('Dara');
    await first.close();
    const second = await startLifeQuest({ LIFEQUEST_DATA_DIR: dataDir });
    try {
      const again = new HeroClient(second.url, 'bearer');
      again.sessionId = hero.sessionId;
      expect((await again.get('/api/auth/me')).body.id).toBe(user.id);
    } finally {
      await second.close();
    }
  });
});

describe('errors a hero can make', () => {
  it('a duplicate email is 409, case-insensitively', async () => {
    const first = await new HeroClient(app.url).register('Eve');
    const res = await new HeroClient(app.url).post('/api/auth/register', {
      email: first.email.toUpperCase(),
      password: 'another password',
      name: 'Eve Again',
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'EMAIL_TAKEN', error: 'Email already registered' });
  });

  it('a wrong password and an unknown email both give 401 whose message contains "Invalid credentials"', async () => {
    const hero = await new HeroClient(app.url).register('Finn');
    for (const body of [
      { email: hero.email, password: 'wrong password' },
      { email: `nobody-${crypto.randomUUID()}@example.com`, password: 'whatever1' },
    ]) {
      const res = await new HeroClient(app.url).post('/api/auth/login', body);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('INVALID_CREDENTIALS');
      expect(res.body.message).toContain('Invalid credentials');
    }
  });

  it.each([
    ['email', { password: 'long enough', name: 'Gus' }, 'email is required'],
    ['password', { email: 'gus@example.com', name: 'Gus' }, 'password is required'],
    ['name', { email: 'gus@example.com', password: 'long enough' }, 'name is required'],
  ])('a register without %s is 400 naming the field', async (_field, body, text) => {
    const res = await new HeroClient(app.url).post('/api/auth/register', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.message).toContain(text);
  });

  it('a short password is refused and the error says how long it must be', async () => {
    const res = await new HeroClient(app.url).post('/api/auth/register', {
      email: 'short@example.com',
      password: 'abc',
      name: 'Hal',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('password must be at least 8 characters');
  });

  it('a login without email or password is 400 naming the field', async () => {
    const res = await new HeroClient(app.url).post('/api/auth/login', { email: 'a@example.com' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('password is required');
  });

  it('malformed JSON is a 400 JSON error, not a 500', async () => {
    const res = await new HeroClient(app.url).request('POST', '/api/auth/login', '{"email":', {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_JSON' });
  });

  it('a body over the limit is a 413 JSON error', async () => {
    const res = await new HeroClient(app.url).post('/api/auth/register', {
      email: 'big@example.com',
      password: 'x'.repeat(10_000),
      name: 'Big',
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: 'Request too large',
      message: 'The request body is too large.',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('complete-onboarding validates the onboarding result', async () => {
    const hero = new HeroClient(app.url);
    await hero.register('Ivy');
    const res = await hero.post('/api/auth/complete-onboarding', {
      displayName: '   ',
      primaryClass: 'general',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('displayName is required');
  });

  it('complete-onboarding sets the name and class and marks the hero onboarded', async () => {
    const hero = new HeroClient(app.url);
    await hero.register('Jon');
    const res = await hero.post('/api/auth/complete-onboarding', {
      displayName: 'Jon the Bold',
      primaryClass: 'general',
      firstGoal: null,
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: 'Jon the Bold', isOnboarded: true, primaryClass: 'general' });
    expect((await hero.get('/api/auth/me')).body.isOnboarded).toBe(true);
  });
});

describe('routing and the web app', () => {
  it('forwards an Expect: 100-continue upload to the service instead of failing it', async () => {
    const hero = new HeroClient(app.url, 'bearer');
    await hero.register('Lux');
    const body = JSON.stringify({ displayName: 'Lux', primaryClass: 'general', firstGoal: null });
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(`${app.url}/api/auth/complete-onboarding`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${hero.sessionId}`,
          expect: '100-continue',
        },
      });
      req.on('continue', () => req.end(body));
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
    });
    expect(status, text).toBe(200);
  });

  it('an unknown /api path is a 404 JSON error', async () => {
    const res = await new HeroClient(app.url).get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('serves the web app, with unknown page paths falling back to it', async () => {
    for (const path of ['/', '/skill-tree', '/some/unknown/page']) {
      const res = await fetch(`${app.url}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
    const asset = await fetch(`${app.url}/assets/app.js`);
    expect(await asset.text()).toContain('quest');
  });

  it("sends the build's compressed copy the browser accepts; hashed assets cached for a year, pages revalidated", async () => {
    for (const [accepted, sent] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const asset = await fetch(`${app.url}/assets/app.js`, { headers: { 'accept-encoding': accepted } });
      expect(asset.headers.get('content-encoding')).toBe(sent);
      expect(asset.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await asset.text()).toBe('console.log("quest")');
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    const plain = await fetch(`${app.url}/assets/app.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log("quest")');
    for (const path of ['/', '/skill-tree']) {
      const page = await fetch(`${app.url}${path}`, { headers: { accept: 'text/html' } });
      expect(page.headers.get('cache-control'), path).toBe('no-cache');
      expect(page.headers.get('content-security-policy'), path).toContain("script-src 'self'");
    }
  });

  it('creates the admin account at boot, so nobody can claim the admin address by registering it', async () => {
    const claim = await new HeroClient(app.url).post('/api/auth/register', {
      email: 'admin@lifequest.local',
      password: 'i am the admin now',
      name: 'Mallory',
    });
    expect(claim.status).toBe(409);
    const [email, password] = readFileSync(join(app.dataDir, 'admin-password.txt'), 'utf8').trim().split(' ');
    expect(email).toBe('admin@lifequest.local');
    const admin = new HeroClient(app.url);
    const login = await admin.post('/api/auth/login', { email, password });
    expect(login.status).toBe(200);
    expect(login.body.user.isAdmin).toBe(true);
  });

  it('keeps /api/admin closed to heroes who are not admins', async () => {
    const hero = new HeroClient(app.url);
    await hero.register('Kit');
    expect((await hero.get('/api/admin/users')).status).toBe(403);
  });

  it('exposes health and readiness; Prometheus metrics on the internal side', async () => {
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    const metrics = await (await fetch(`${app.serviceUrls.auth}/metrics`)).text();
    expect(metrics).toContain('lifequest_http_requests_total');
  });
});
