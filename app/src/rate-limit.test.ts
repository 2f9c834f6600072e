import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { useLifeQuest } from './testing/index.ts';

// One LifeQuest for the file, behind a TLS proxy (TRUST_PROXY): each test speaks from addresses of its
// own (the hop the proxy adds to X-Forwarded-For), so their per-client counts never meet.
const lq = useLifeQuest({
  TRUST_PROXY: 'true',
  AUTH_RATE_LIMIT_PER_MINUTE: '3',
  AUTH_ACCOUNT_RATE_LIMIT_PER_HOUR: '3',
});

const post = (path: string, body: unknown, forwardedFor: string) =>
  fetch(`${lq.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify(body),
  });
const login = (email: string, forwardedFor: string, password = 'guess-guess') =>
  post('/api/auth/login', { email, password }, forwardedFor);
async function register(name: string, forwardedFor: string) {
  const hero = {
    email: `${name.toLowerCase()}-${randomUUID()}@example.com`,
    password: 'long enough password',
  };
  expect((await post('/api/auth/register', { ...hero, name }, forwardedFor)).status).toBe(201);
  return hero;
}

it('rate-limits login attempts per client with a 429 JSON error', async () => {
  const statuses: number[] = [];
  // A different account each time: only the client's count can refuse (the account's limit is 3 too).
  for (let i = 0; i < 5; i++) statuses.push((await login(`one-${i}@example.com`, '192.0.2.1')).status);
  expect(statuses).toEqual([401, 401, 401, 429, 429]);
  const res = await login('one-5@example.com', '192.0.2.1');
  const body = (await res.json()) as { code: string; message: string };
  expect(body).toMatchObject({ code: 'RATE_LIMITED' });
  expect(body.message).toMatch(/Too many attempts/);
});

it('rate-limits registrations per client too', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await post(
      '/api/auth/register',
      { email: `r${i}-${randomUUID()}@example.com`, password: 'long enough password', name: 'Rae' },
      '192.0.2.2',
    );
    statuses.push(res.status);
  }
  expect(statuses).toEqual([201, 201, 201, 429]);
});

it('a client cannot pick its own address: only the hop the proxy added counts', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    // The attacker writes `X-Forwarded-For: 6.6.6.<i>`; the proxy appends the address it saw.
    statuses.push((await login(`three-${i}@example.com`, `6.6.6.${i}, 203.0.113.7`)).status);
  }
  expect(statuses).toEqual([401, 401, 401, 429, 429]);
});

it('guesses at one account from many addresses are throttled per account, with Retry-After', async () => {
  const victim = await register('Victim', '198.51.200.1');
  const other = await register('Bystander', '198.51.200.2');
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await login(victim.email, `198.51.100.${i}`)).status);
  expect(statuses).toEqual([401, 401, 401, 429, 429]);

  const refused = await login(victim.email.toUpperCase(), '198.51.100.99', victim.password);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });

  expect((await login(other.email, '198.51.100.5', other.password)).status).toBe(200);
});

it('a successful login does not count against the account', async () => {
  const hero = await register('Regular', '192.0.2.3');
  // From a new address each time: more than the account's limit, none past the per-client one.
  for (let i = 0; i < 5; i++) {
    expect((await login(hero.email, `192.0.2.${10 + i}`, hero.password)).status).toBe(200);
  }
});

it('every 429 of the per-client limit says when to retry', async () => {
  for (let i = 0; i < 3; i++) await login(`six-${i}@example.com`, '192.0.2.4');
  const res = await login('six-3@example.com', '192.0.2.4');
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
});

it('wrong passwords given to delete one’s account count as guesses at it, as failed logins do', async () => {
  const hero = await register('Holder', '192.0.2.40');
  const signedIn = await post('/api/auth/login', hero, '192.0.2.41');
  const { sessionId } = (await signedIn.json()) as { sessionId: string };
  // Someone holding the session (a shared computer) cannot guess the password without end through it.
  const remove = (password: string) =>
    fetch(`${lq.url}/api/auth/me`, {
      method: 'DELETE',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${sessionId}`,
        'x-forwarded-for': '192.0.2.42',
      },
      body: JSON.stringify({ password }),
    });
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await remove(`guess-${i}-guess`)).status);
  expect(statuses).toEqual([401, 401, 401, 429, 429]);
  // The account's guesses are spent for logins too, and the right password waits with them.
  expect((await login(hero.email, '192.0.2.43', hero.password)).status).toBe(429);
  expect((await remove(hero.password)).status).toBe(429);
});
