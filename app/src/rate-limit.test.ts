import { describe, expect, it } from 'vitest';
import { HeroClient, startLifeQuest } from './testing/index.ts';

it('rate-limits login attempts per client with a 429 JSON error', async () => {
  const app = await startLifeQuest({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  try {
    const client = new HeroClient(app.url);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await client.post('/api/auth/login', { email: 'a@example.com', password: 'guess-guess' })).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const res = await client.post('/api/auth/login', { email: 'a@example.com', password: 'guess-guess' });
    expect(res.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(res.body.message).toMatch(/Too many attempts/);
  } finally {
    await app.close();
  }
});

it('rate-limits registrations per client too', async () => {
  const app = await startLifeQuest({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
  try {
    const client = new HeroClient(app.url);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await client.post('/api/auth/register', {
        email: `r${i}-${crypto.randomUUID()}@example.com`,
        password: 'long enough password',
        name: 'Rae',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 429]);
  } finally {
    await app.close();
  }
});

describe('behind a TLS proxy (TRUST_PROXY)', () => {
  const login = (url: string, email: string, forwardedFor: string, password = 'guess-guess') =>
    fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ email, password }),
    });

  it('a client cannot pick its own address: only the hop the proxy added counts', async () => {
    const app = await startLifeQuest({ TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        // The attacker writes `X-Forwarded-For: 6.6.6.<i>`; the proxy appends the address it saw.
        statuses.push((await login(app.url, 'a@example.com', `6.6.6.${i}, 203.0.113.7`)).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await app.close();
    }
  });

  it('guesses at one account from many addresses are throttled per account, with Retry-After', async () => {
    const app = await startLifeQuest({
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: '100',
      AUTH_ACCOUNT_RATE_LIMIT_PER_HOUR: '3',
    });
    try {
      const victim = await new HeroClient(app.url).register('Victim');
      const other = await new HeroClient(app.url).register('Bystander');
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await login(app.url, victim.email, `198.51.100.${i}`)).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);

      const refused = await login(app.url, victim.email.toUpperCase(), '198.51.100.99', victim.password);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });

      expect((await login(app.url, other.email, '198.51.100.5', other.password)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a successful login does not count against the account', async () => {
    const app = await startLifeQuest({ AUTH_ACCOUNT_RATE_LIMIT_PER_HOUR: '2' });
    try {
      const hero = await new HeroClient(app.url).register('Regular');
      for (let i = 0; i < 4; i++) {
        expect((await login(app.url, hero.email, '127.0.0.1', hero.password)).status).toBe(200);
      }
    } finally {
      await app.close();
    }
  });

  it('every 429 of the per-client limit says when to retry', async () => {
    const app = await startLifeQuest({ AUTH_RATE_LIMIT_PER_MINUTE: '1' });
    try {
      await login(app.url, 'a@example.com', '127.0.0.1');
      const res = await login(app.url, 'a@example.com', '127.0.0.1');
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
