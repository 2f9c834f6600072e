import {
  type DistributedLifeQuest,
  HeroClient,
  startDistributed,
  type TargetProcess,
} from '@lifequest/app/testing';
import { describeWithInfra } from '@lifequest/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';

// The quest journey in the distributed mode: gateway, auth and quests each their own process, on
// PostgreSQL, RabbitMQ and Redis. XP travels quests → outbox → RabbitMQ → auth's ledger.
await describeWithInfra('postgres', 'quests and XP across processes', (postgresUrl) => {
  let lq: DistributedLifeQuest;
  let gateway: TargetProcess;

  beforeAll(async () => {
    lq = await startDistributed(postgresUrl, ['auth', 'quests']);
    gateway = lq.gateway;
  }, 90_000);

  afterAll(() => lq?.close());

  async function onboardedHero(name: string) {
    const hero = new HeroClient(gateway.url);
    await hero.register(name);
    const res = await hero.post('/api/auth/complete-onboarding', {
      displayName: name,
      primaryClass: 'general',
      firstGoal: {
        title: 'Run a 5K',
        milestones: [
          { title: 'Run 1K', completed: false },
          { title: 'Run 3K', completed: false },
          { title: 'Run 5K', completed: false },
        ],
      },
    });
    expect(res.status).toBe(200);
    return hero;
  }

  it('toggling milestones in quests moves totalXP and lifeLevel in GET /api/auth/me', async () => {
    const hero = await onboardedHero('Nadia');
    const [goal] = (await hero.get('/api/goals')).body;
    expect(goal).toMatchObject({ title: 'Run a 5K', progress: 0, is_completed: false });
    const milestones = (await hero.get('/api/milestones')).body as { id: string; xp_reward: number }[];
    expect(milestones.map((m) => m.xp_reward)).toEqual([33, 33, 34]);
    expect((await hero.get('/api/auth/me')).body).toMatchObject({ totalXP: 0, lifeLevel: 1 });

    const first = await hero.post(`/api/milestones/${milestones[0]!.id}/toggle`);
    expect(first.body).toMatchObject({ xpDelta: 33, user: { totalXP: 33, lifeLevel: 1 } });
    expect((await hero.get('/api/auth/me')).body).toMatchObject({ totalXP: 33, lifeLevel: 1 });

    await hero.post(`/api/milestones/${milestones[1]!.id}/toggle`);
    const last = await hero.post(`/api/milestones/${milestones[2]!.id}/toggle`);
    expect(last.body).toMatchObject({
      goal: { id: goal.id, progress: 100, is_completed: true },
      user: { totalXP: 100, lifeLevel: 2 },
    });
    expect((await hero.get('/api/auth/me')).body).toMatchObject({ totalXP: 100, lifeLevel: 2 });

    const back = await hero.post(`/api/milestones/${milestones[2]!.id}/toggle`);
    expect(back.body).toMatchObject({
      xpDelta: -34,
      goal: { is_completed: false },
      user: { totalXP: 66, lifeLevel: 1 },
    });
    expect((await hero.get('/api/auth/me')).body).toMatchObject({ totalXP: 66, lifeLevel: 1 });
  });

  it('keeps quests in the quests schema and XP as a ledger in the auth schema', async () => {
    const hero = await onboardedHero('Omar');
    const me = (await hero.get('/api/auth/me')).body;
    const milestones = (await hero.get('/api/milestones')).body as { id: string }[];
    await hero.post(`/api/milestones/${milestones[0]!.id}/toggle`);
    await hero.post(`/api/milestones/${milestones[0]!.id}/toggle`);
    await hero.post(`/api/milestones/${milestones[1]!.id}/toggle`);
    const client = new pg.Client({ connectionString: lq.database.url });
    await client.connect();
    try {
      const goals = await client.query('select title, source from quests.goals where user_id = $1', [me.id]);
      expect(goals.rows).toEqual([{ title: 'Run a 5K', source: 'onboarding' }]);
      const ledger = await client.query('select reason, amount from auth.xp_ledger where user_id = $1', [
        me.id,
      ]);
      expect(ledger.rows.map((r) => r.amount).reduce((a: number, b: number) => a + b, 0)).toBe(33);
      expect(ledger.rows.map((r) => r.reason).sort()).toEqual(
        ['milestone_completed', 'milestone_completed', 'milestone_reopened'].sort(),
      );
      expect((await hero.get('/api/auth/me')).body.totalXP).toBe(33);
    } finally {
      await client.end();
    }
  });

  it('a toggle while auth is down still succeeds, and the XP arrives once auth is back', async () => {
    const hero = await onboardedHero('Pia');
    const milestones = (await hero.get('/api/milestones')).body as { id: string }[];
    await lq.stop('auth');
    const toggled = await hero.post(`/api/milestones/${milestones[0]!.id}/toggle`);
    expect(toggled.status).toBe(200);
    expect(toggled.body).toMatchObject({ milestone: { is_completed: true }, user: null });
    await lq.restart('auth');
    await expect
      .poll(async () => (await hero.get('/api/auth/me')).body.totalXP, { timeout: 20_000, interval: 200 })
      .toBe(33);
  }, 60_000);

  it('onboarding fails with 503 while quests is down, leaving the hero free to retry', async () => {
    const hero = new HeroClient(gateway.url);
    await hero.register('Quinn');
    const result = {
      displayName: 'Quinn',
      primaryClass: 'general',
      firstGoal: { title: 'Read 12 books', milestones: [{ title: 'Book one', completed: false }] },
    };
    await lq.stop('quests');
    const down = await hero.post('/api/auth/complete-onboarding', result);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect((await hero.get('/api/auth/me')).body.isOnboarded).toBe(false);

    await lq.restart('quests');
    const retried = await hero.post('/api/auth/complete-onboarding', result);
    expect(retried.status).toBe(200);
    expect(retried.body.user.isOnboarded).toBe(true);
    expect((await hero.get('/api/goals')).body).toMatchObject([{ title: 'Read 12 books' }]);
  }, 60_000);
});
