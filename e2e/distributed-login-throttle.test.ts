import { randomUUID } from 'node:crypto';
import { type DistributedLifeQuest, HeroClient, startDistributed } from '@lifequest/app/testing';
import { describeWithInfra } from '@lifequest/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';

// The login throttle (per client and per account) holds across gateway replicas. Two gateway
// processes share one Redis, as behind a load balancer; attempts alternate between them and are refused
// at the same count as one gateway refuses them (app/src/rate-limit.test.ts), with Retry-After.
await describeWithInfra('postgres', 'the login throttle across two gateway replicas', (postgresUrl) => {
  let lq: DistributedLifeQuest;

  beforeAll(async () => {
    lq = await startDistributed(
      postgresUrl,
      ['auth'],
      { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '4', AUTH_ACCOUNT_RATE_LIMIT_PER_HOUR: '3' },
      { gateways: 2 },
    );
  }, 120_000);
  afterAll(() => lq?.close());

  /** A login through replica `i % 2`, from the client address the proxy in front saw. */
  const login = (i: number, email: string, client: string, password = 'guess-guess') =>
    fetch(`${lq.gateways[i % 2]!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify({ email, password }),
    });

  it('counts one client’s attempts on both replicas together', async () => {
    expect(lq.gateways.length).toBe(2);
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 6; i++) {
      // A different account each time: only the per-client limit (4 a minute) applies.
      const res = await login(i, `nobody-${randomUUID()}@example.com`, '203.0.113.7');
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get('retry-after');
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Another client is not held back by it, on either replica.
    expect((await login(0, 'someone@example.com', '203.0.113.8')).status).toBe(401);
    expect((await login(1, 'someone@example.com', '203.0.113.9')).status).toBe(401);
  });

  it('counts one account’s failed logins on both replicas together, from any client', async () => {
    const victim = await new HeroClient(lq.gateways[1]!.url).register('Victim');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(i, victim.email, `198.51.100.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    for (const replica of [0, 1]) {
      // While the account is over the line even the right password waits, on every replica.
      const refused = await login(replica, victim.email, `198.51.100.${50 + replica}`, victim.password);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    }
  });
});
