import { errorBody } from '@lifequest/platform';
import type { FirstGoal, OnboardingQuestBody } from '@lifequest/proto';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuth } from '../testing/auth.ts';

/** What the quests double was asked, and whether it is up. */
const quests = { asked: [] as OnboardingQuestBody[], up: true };
beforeEach(() => {
  quests.asked = [];
  quests.up = true;
});

const auth = useAuth({
  doubles: {
    // quests' internal route, as auth calls it from complete-onboarding.
    quests: (app) => {
      app.post(
        '/internal/quests/onboarding-quest',
        { config: { access: 'service' } },
        async (request, reply) => {
          if (!quests.up) return reply.code(503).send(errorBody('SERVICE_UNAVAILABLE', 'quests is down'));
          quests.asked.push(request.body as OnboardingQuestBody);
          return {};
        },
      );
    },
  },
});

async function register(name: string) {
  const res = await auth.svc.service('gateway').post('/internal/auth/register', {
    email: `${crypto.randomUUID()}@example.com`,
    password: 'long enough',
    name,
  });
  expect(res.status).toBe(201);
  return res.body.user as { id: string; email: string; createdAt: string };
}

describe('hero events', () => {
  it('registering publishes user.registered, and onboarding user.onboarded (and user.updated for the new name), through the outbox', async () => {
    const user = await register('Rae');
    const onboarded = await auth.svc
      .hero(user.id)
      .post('/api/auth/complete-onboarding', { displayName: 'Rae the Brave', primaryClass: 'general' });
    expect(onboarded.status).toBe(200);
    await auth.svc.settled();
    const mine = auth.svc.published.filter((e) => e.actorId === user.id);
    expect(mine.map((e) => [e.name, e.payload])).toEqual(
      expect.arrayContaining([
        [
          'user.registered',
          {
            userId: user.id,
            email: user.email,
            name: 'Rae',
            primaryClass: 'general',
            activeClassTitle: 'Pathfinder Initiate',
            createdAt: user.createdAt,
            timezone: 'UTC',
          },
        ],
        [
          'user.onboarded',
          {
            userId: user.id,
            name: 'Rae the Brave',
            primaryClass: 'general',
            activeClassTitle: 'Pathfinder Initiate',
          },
        ],
        [
          'user.updated',
          {
            userId: user.id,
            name: 'Rae the Brave',
            primaryClass: 'general',
            activeClassTitle: 'Pathfinder Initiate',
            timezone: 'UTC',
          },
        ],
      ]),
    );
    expect(mine).toHaveLength(3);
  });

  it('PATCH /api/auth/me sets the hero’s time zone, refuses an unknown one, and announces it', async () => {
    const user = await register('Tia');
    const hero = auth.svc.hero(user.id);
    expect((await hero.get('/api/auth/me')).body.timezone).toBe('UTC');
    const set = await hero.patch('/api/auth/me', { timezone: 'Asia/Kolkata' });
    expect(set).toMatchObject({ status: 200, body: { id: user.id, timezone: 'Asia/Kolkata' } });
    expect((await hero.get('/api/auth/me')).body.timezone).toBe('Asia/Kolkata');
    for (const body of [{ timezone: 'Mars/Olympus' }, { timezone: 5 }, {}]) {
      expect(await hero.patch('/api/auth/me', body)).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED' },
      });
    }
    // The same zone again changes nothing others keep: one user.updated.
    expect((await hero.patch('/api/auth/me', { timezone: 'Asia/Kolkata' })).status).toBe(200);
    await auth.svc.settled();
    expect(
      auth.svc
        .publishedOf('user.updated')
        .filter((e) => e.payload.userId === user.id)
        .map((e) => e.payload.timezone),
    ).toEqual(['Asia/Kolkata']);
    expect((await auth.svc.service('gateway').patch('/api/auth/me', { timezone: 'UTC' })).status).toBe(401);
  });

  it('announces user.updated only when the name or the class changes', async () => {
    const user = await register('Ivo');
    const hero = auth.svc.hero(user.id);
    const onboard = async (displayName: string, primaryClass: string) => {
      expect((await hero.post('/api/auth/complete-onboarding', { displayName, primaryClass })).status).toBe(
        200,
      );
      await auth.svc.settled();
      return auth.svc
        .publishedOf('user.updated')
        .filter((e) => e.payload.userId === user.id)
        .map((e) => e.payload);
    };
    // Same name, same class as at registration: nothing other services show has changed.
    expect(await onboard('Ivo', 'general')).toEqual([]);
    expect(await onboard('Ivo', 'health')).toEqual([
      {
        userId: user.id,
        name: 'Ivo',
        primaryClass: 'health',
        activeClassTitle: expect.any(String),
        timezone: 'UTC',
      },
    ]);
    expect(await onboard('Ivo', 'health')).toHaveLength(1);
    expect((await onboard('Ivo the Swift', 'health')).map((p) => p.name)).toEqual(['Ivo', 'Ivo the Swift']);
  });
});

describe('the first quest at onboarding', () => {
  const firstGoal: FirstGoal = { title: 'Run a 5K', milestones: [{ title: 'Run 1K', completed: false }] };

  it('is asked of quests before the hero is marked onboarded', async () => {
    const user = await register('Sol');
    const res = await auth.svc
      .hero(user.id)
      .post('/api/auth/complete-onboarding', { displayName: 'Sol', primaryClass: 'general', firstGoal });
    expect(res.body.user.isOnboarded).toBe(true);
    expect(quests.asked).toEqual([{ userId: user.id, firstGoal }]);
  });

  it('is not asked again once the hero is onboarded: a repeat changes the name, adds no quest', async () => {
    const user = await register('Vi');
    const hero = auth.svc.hero(user.id);
    await hero.post('/api/auth/complete-onboarding', {
      displayName: 'Vi',
      primaryClass: 'general',
      firstGoal,
    });
    const again = await hero.post('/api/auth/complete-onboarding', {
      displayName: 'Vi the Bold',
      primaryClass: 'health',
      firstGoal: { ...firstGoal, milestones: [{ title: 'Run 1K', completed: true }] },
    });
    expect(again.status).toBe(200);
    expect(again.body.user.name).toBe('Vi the Bold');
    expect(quests.asked).toEqual([{ userId: user.id, firstGoal }]);
  });

  it('fails onboarding when quests cannot make it, and the hero stays un-onboarded', async () => {
    quests.up = false;
    const user = await register('Tam');
    const hero = auth.svc.hero(user.id);
    const res = await hero.post('/api/auth/complete-onboarding', {
      displayName: 'Tam',
      primaryClass: 'general',
      firstGoal,
    });
    expect(res.status).toBe(503);
    expect((await hero.get('/api/auth/me')).body.isOnboarded).toBe(false);
    await auth.svc.settled();
    expect(auth.svc.published.filter((e) => e.actorId === user.id).map((e) => e.name)).toEqual([
      'user.registered',
    ]);
  });

  it('totalXP and lifeLevel come from the XP ledger', async () => {
    const user = await register('Uma');
    await auth.publish('milestone.completed', {
      milestoneId: crypto.randomUUID(),
      goalId: crypto.randomUUID(),
      userId: user.id,
      title: 'Big step',
      goalTitle: 'Big quest',
      xpReward: 600,
      version: 1,
    });
    expect((await auth.svc.hero(user.id).get('/api/auth/me')).body).toMatchObject({
      totalXP: 600,
      lifeLevel: 4,
    });
  });
});

describe('access', () => {
  it('lets only services register and log in, and only the hero read /api/auth/me', async () => {
    const body = { email: `${crypto.randomUUID()}@example.com`, password: 'long enough', name: 'Ivo' };
    expect((await auth.svc.hero().post('/internal/auth/register', body)).status).toBe(403);
    expect((await auth.svc.anonymous().post('/internal/auth/login', body)).status).toBe(401);
    expect((await auth.svc.service('gateway').get('/api/auth/me')).status).toBe(401);
    expect((await auth.svc.anonymous().get('/api/auth/me')).status).toBe(401);
  });
});
