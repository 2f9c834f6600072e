import { errorBody } from '@lifequest/platform';
import type { FirstGoal, OnboardingQuestBody } from '@lifequest/proto';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuth } from '../testing/test-kit.ts';

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
            showInRankings: true,
            timezone: 'UTC',
          },
        ],
      ]),
    );
    expect(mine).toHaveLength(3);
  });

  it('PATCH /api/auth/me keeps the hero’s language (null follows the browser) and refuses one the app does not speak', async () => {
    const user = await register('Lio');
    const hero = auth.svc.hero(user.id);
    expect((await hero.get('/api/auth/me')).body.locale).toBeNull();
    expect(await hero.patch('/api/auth/me', { locale: 'es' })).toMatchObject({
      status: 200,
      body: { locale: 'es' },
    });
    expect((await hero.get('/api/auth/me')).body.locale).toBe('es');
    for (const body of [{ locale: 'fr' }, { locale: 5 }]) {
      expect(await hero.patch('/api/auth/me', body)).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED' },
      });
    }
    expect((await hero.get('/api/auth/me')).body.locale).toBe('es');
    expect(await hero.patch('/api/auth/me', { locale: null })).toMatchObject({
      status: 200,
      body: { locale: null },
    });
  });

  it('PATCH /api/auth/me sets the hero’s time zone, refuses an unknown one, and announces it', async () => {
    const user = await register('Tia');
    const hero = auth.svc.hero(user.id);
    expect((await hero.get('/api/auth/me')).body.timezone).toBe('UTC');
    const set = await hero.patch('/api/auth/me', { timezone: 'Asia/Kolkata' });
    expect(set).toMatchObject({ status: 200, body: { id: user.id, timezone: 'Asia/Kolkata' } });
    expect((await hero.get('/api/auth/me')).body.timezone).toBe('Asia/Kolkata');
    for (const body of [{ timezone: 'Mars/Olympus' }, { timezone: 5 }]) {
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

  it('announces user.updated only when what others see changes (name, class, rankings)', async () => {
    const user = await register('Ivo');
    const hero = auth.svc.hero(user.id);
    const updates = async () => {
      await auth.svc.settled();
      return auth.svc
        .publishedOf('user.updated')
        .filter((e) => e.payload.userId === user.id)
        .map((e) => e.payload);
    };
    // Same name, same class as at registration: nothing other services show has changed.
    await hero.post('/api/auth/complete-onboarding', { displayName: 'Ivo', primaryClass: 'general' });
    expect(await updates()).toEqual([]);
    expect((await hero.patch('/api/auth/me', { name: ' Ivo ' })).status).toBe(200);
    expect((await hero.patch('/api/auth/me', {})).status).toBe(200);
    expect(await updates()).toEqual([]);
    await hero.patch('/api/auth/me', { show_in_rankings: false });
    expect(await updates()).toEqual([
      {
        userId: user.id,
        name: 'Ivo',
        primaryClass: 'general',
        activeClassTitle: expect.any(String),
        showInRankings: false,
        timezone: 'UTC',
      },
    ]);
    await hero.patch('/api/auth/me', { show_in_rankings: false });
    await hero.patch('/api/auth/me', { name: 'Ivo the Swift' });
    expect((await updates()).map((p) => [p.name, p.showInRankings])).toEqual([
      ['Ivo', false],
      ['Ivo the Swift', false],
    ]);
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

  it('happens once: onboarding again is 409 ALREADY_ONBOARDED, renames nobody and adds no quest', async () => {
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
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'Already onboarded',
      message: 'You have already completed onboarding. Change your name from your profile.',
      code: 'ALREADY_ONBOARDED',
    });
    expect((await hero.get('/api/auth/me')).body).toMatchObject({ name: 'Vi', primaryClass: 'general' });
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

describe('names', () => {
  const refusals: [string, string, string][] = [
    ['only zero-width characters', '\u200B\u200D\u2060', 'zero-width or other invisible'],
    ['a zero-width character inside a friend’s name', 'Wi\u200Bn', 'zero-width or other invisible'],
    ['a right-to-left override', 'Win\u202Eevil', 'bidirectional overrides or isolates'],
    ['an isolate', '\u2067Win\u2069', 'bidirectional overrides or isolates'],
    ['a control character', 'Win\u0008', 'control characters'],
    ['no visible letter or digit', '-- !! --', 'visible letter or digit'],
    ['the placeholder for unknown heroes', 'a hero', 'how the Hall shows heroes it does not know'],
  ];

  it.each(refusals)(
    'are refused at registration, onboarding and rename for %s, saying why',
    async (_, name, why) => {
      const registered = await auth.svc.service('gateway').post('/internal/auth/register', {
        email: `${crypto.randomUUID()}@example.com`,
        password: 'long enough',
        name,
      });
      expect(registered.status).toBe(400);
      expect(registered.body).toMatchObject({ code: 'INVALID_NAME', error: 'Name not allowed' });
      expect(registered.body.message).toContain(why);

      const user = await register('Wren');
      const hero = auth.svc.hero(user.id);
      const onboarding = await hero.post('/api/auth/complete-onboarding', {
        displayName: name,
        primaryClass: 'general',
      });
      expect(onboarding.status).toBe(400);
      expect(onboarding.body.message).toContain(why);
      expect((await hero.get('/api/auth/me')).body.isOnboarded).toBe(false);
      await hero.post('/api/auth/complete-onboarding', { displayName: 'Wren', primaryClass: 'general' });
      const renamed = await hero.patch('/api/auth/me', { name });
      expect(renamed.status).toBe(400);
      expect(renamed.body).toMatchObject({ code: 'INVALID_NAME' });
      expect(renamed.body.message).toContain(why);
      expect((await hero.get('/api/auth/me')).body.name).toBe('Wren');
    },
  );

  it('are stored normalized: NFC, trimmed, inner whitespace collapsed', async () => {
    const user = await register('  Zoe \t  Ka\u0301  ');
    const hero = auth.svc.hero(user.id);
    expect((await hero.get('/api/auth/me')).body.name).toBe('Zoe Ká');
    const onboarded = await hero.post('/api/auth/complete-onboarding', {
      displayName: 'Zoe   Ka\u0301 ',
      primaryClass: 'general',
    });
    expect(onboarded.body.user.name).toBe('Zoe Ká');
  });
});

describe('PATCH /api/auth/me', () => {
  it('renames at most once a day: a second rename is 429 RENAME_TOO_SOON saying when', async () => {
    const user = await register('Yara');
    const hero = auth.svc.hero(user.id);
    await hero.post('/api/auth/complete-onboarding', { displayName: 'Yara', primaryClass: 'general' });
    expect((await hero.get('/api/auth/me')).body.nextRenameAt).toBeNull();

    const renamed = await hero.patch('/api/auth/me', { name: 'Yara  Stone' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Yara Stone', nextRenameAt: expect.any(String) });
    const next = renamed.body.nextRenameAt as string;

    const again = await hero.patch('/api/auth/me', { name: 'Yara the Second' });
    expect(again.status).toBe(429);
    expect(again.body).toEqual({
      error: 'Name changed recently',
      message: `You can change your name once a day: next after ${next}.`,
      code: 'RENAME_TOO_SOON',
    });
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same name is no change, and the rankings switch is not a rename.
    expect(
      (await hero.patch('/api/auth/me', { name: 'Yara Stone', show_in_rankings: false })).body,
    ).toMatchObject({ name: 'Yara Stone', showInRankings: false });

    // A day after the rename (moved back in the table rather than waiting), the next one is allowed.
    await auth.db.user.update({
      where: { id: user.id },
      data: { nameChangedAt: new Date(Date.parse(next) - 49 * 60 * 60 * 1000) },
    });
    expect((await hero.patch('/api/auth/me', { name: 'Yara the Second' })).body).toMatchObject({
      name: 'Yara the Second',
    });
  });

  it('validates its body and needs a hero', async () => {
    const user = await register('Xan');
    const hero = auth.svc.hero(user.id);
    expect((await hero.patch('/api/auth/me', { show_in_rankings: 'no' })).body).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect((await hero.patch('/api/auth/me', { name: '' })).status).toBe(400);
    expect((await auth.svc.anonymous().patch('/api/auth/me', { name: 'Nobody' })).status).toBe(401);
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
