import { expect, it } from 'vitest';
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
