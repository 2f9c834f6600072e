import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuestsDb, type QuestsDb } from './db.ts';
import { useQuests } from './testing/test-kit.ts';

const svc = useQuests();
let db: QuestsDb;
beforeAll(() => {
  db = createQuestsDb(svc.database);
});
afterAll(() => db?.$disconnect());

/** quests' API as the hero `userId` calls it; an error answer is thrown as its `{ error, message, code }`. */
async function call(userId: string, method: string, path: string, body?: unknown) {
  const res = await svc.hero(userId).json(method, path, body);
  if (res.status >= 400) throw res.body;
  return res.body;
}
const quests = {
  plans: { confirm: (userId: string, body: unknown) => call(userId, 'POST', '/api/plans/confirm', body) },
  goals: {
    create: (userId: string, body: unknown) => call(userId, 'POST', '/api/goals', body),
    delete: (userId: string, id: string) => call(userId, 'DELETE', `/api/goals/${id}`),
  },
  milestones: {
    toggle: (userId: string, id: string) => call(userId, 'POST', `/api/milestones/${id}/toggle`),
  },
  progress: { log: (userId: string, body: unknown) => call(userId, 'POST', '/api/progress', body) },
  onboarding: {
    create: (userId: string, firstGoal: unknown) =>
      svc.service('auth').post('/internal/quests/onboarding-quest', { userId, firstGoal }),
  },
  deleteHero: (userId: string) => svc.publish('user.deleted', { userId }),
};

/** The events of one hero, in the order they were published, as `name` and payload. */
async function eventsOf(userId: string) {
  await svc.settled();
  return svc.published
    .filter((e) => (e.payload as { userId?: string }).userId === userId)
    .map((e) => ({ name: e.name, actorId: e.actorId, payload: e.payload as Record<string, unknown> }));
}

/** One of ai's drafts (their ids are UUIDs). */
const DRAFT = '6a1c1f0e-3b7d-4c2a-9e51-0d8f4b2a7c13';

const plan = {
  goal: {
    title: 'Save $500',
    category: 'finance',
    difficulty: 'easy',
    metric: { target_value: 500, unit: '$' },
  },
  milestones: [
    { label: 'Save $250', due_date: '2099-01-01', xp_reward: 30 },
    { label: 'Save $500', due_date: null, xp_reward: 70 },
  ],
  xp_policy: { total_goal_xp: 120, bonuses: { early_milestone: 5, logging_daily: 2 } },
  habits: [],
  draftId: DRAFT,
} as const;

describe('the events quests publishes through its outbox', () => {
  it('goal.created and plan.confirmed when a plan is confirmed', async () => {
    const hero = crypto.randomUUID();
    const { goal } = await quests.plans.confirm(hero, structuredClone(plan) as never);
    const events = await eventsOf(hero);
    expect(events.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      {
        name: 'goal.created',
        actorId: hero,
        payload: {
          goalId: goal.id,
          userId: hero,
          title: 'Save $500',
          foundation: null,
          className: 'financial',
          category: 'finance',
          milestoneCount: 2,
          totalXp: 120,
        },
      },
      {
        name: 'plan.confirmed',
        actorId: hero,
        payload: { userId: hero, goalId: goal.id, draftId: DRAFT },
      },
    ]);
  });

  it('plan.confirmed without a draft id when the client named its draft with anything but a UUID', async () => {
    const hero = crypto.randomUUID();
    const named = { ...structuredClone(plan), draftId: 'draft-7' };
    const { goal } = await quests.plans.confirm(hero, named as never);
    const confirmed = (await eventsOf(hero)).find((e) => e.name === 'plan.confirmed');
    expect(confirmed?.payload).toEqual({ userId: hero, goalId: goal.id, draftId: null });
  });

  it('milestone.completed with its XP and bonus, goal.completed with the plan’s rest, and their reopenings', async () => {
    const hero = crypto.randomUUID();
    const { goal, milestones } = await quests.plans.confirm(hero, structuredClone(plan) as never);
    const [early, undated] = milestones;
    await quests.milestones.toggle(hero, early!.id);
    await quests.milestones.toggle(hero, undated!.id);
    await quests.milestones.toggle(hero, early!.id);
    // The relay publishes in parallel, so consumers may see these in any order; versions order them.
    const events = (await eventsOf(hero)).slice(2);
    const find = (name: string, id: string, version: number) =>
      events.find(
        (e) =>
          e.name === name &&
          (e.payload.milestoneId ?? e.payload.goalId) === id &&
          e.payload.version === version,
      )?.payload;
    expect(events.map((e) => e.name).sort()).toEqual([
      'goal.completed',
      'goal.reopened',
      'milestone.completed',
      'milestone.completed',
      'milestone.reopened',
    ]);
    expect(find('milestone.completed', early!.id, 1)).toEqual({
      milestoneId: early!.id,
      goalId: goal.id,
      userId: hero,
      title: 'Save $250',
      goalTitle: 'Save $500',
      xpReward: 30,
      xpBonus: 5,
      version: 1,
      className: 'financial',
      foundation: null,
    });
    expect(find('milestone.completed', undated!.id, 1)).toMatchObject({ xpReward: 70, xpBonus: 0 });
    expect(find('goal.completed', goal.id, 1)).toEqual({
      goalId: goal.id,
      userId: hero,
      title: 'Save $500',
      foundation: null,
      className: 'financial',
      xpBonus: 20,
      version: 1,
    });
    expect(find('milestone.reopened', early!.id, 2)).toMatchObject({ xpReward: 30 });
    expect(find('goal.reopened', goal.id, 2)).toEqual({
      goalId: goal.id,
      userId: hero,
      title: 'Save $500',
      version: 2,
    });
  });

  it('progress.logged with the value as stored and the day’s logging bonus', async () => {
    const hero = crypto.randomUUID();
    const { goal } = await quests.plans.confirm(hero, structuredClone(plan) as never);
    const entry = await quests.progress.log(hero, { goalId: goal.id, value: '120', note: null });
    const [logged] = (await eventsOf(hero)).filter((e) => e.name === 'progress.logged');
    expect(logged!.payload).toEqual({
      progressId: entry.id,
      goalId: goal.id,
      goalTitle: goal.title,
      userId: hero,
      value: 120,
      unit: '$',
      loggedAt: entry.ts,
      xpBonus: 2,
    });
  });

  it('goal.deleted when a quest is deleted', async () => {
    const hero = crypto.randomUUID();
    const goal = await quests.goals.create(hero, { title: 'Short-lived' });
    await quests.goals.delete(hero, goal.id);
    const events = await eventsOf(hero);
    expect(events.map((e) => e.name).sort()).toEqual(['goal.created', 'goal.deleted']);
    expect(events.find((e) => e.name === 'goal.deleted')!.payload).toEqual({ goalId: goal.id, userId: hero });
  });

  it('nothing at all when the change fails: the event and the state commit together', async () => {
    const hero = crypto.randomUUID();
    await expect(quests.goals.delete(hero, crypto.randomUUID())).rejects.toMatchObject({
      code: 'QUEST_NOT_FOUND',
    });
    await expect(quests.milestones.toggle(hero, crypto.randomUUID())).rejects.toMatchObject({
      code: 'MILESTONE_NOT_FOUND',
    });
    expect(await eventsOf(hero)).toEqual([]);
  });
});

describe('user.deleted', () => {
  it('purges the hero’s quests, milestones, progress and onboarding, and nobody else’s', async () => {
    const hero = crypto.randomUUID();
    const other = crypto.randomUUID();
    const goal = await quests.goals.create(hero, { title: 'Mine' });
    await quests.progress.log(hero, { goalId: goal.id, value: 1 });
    await quests.onboarding.create(hero, { title: 'First', milestones: [] });
    await quests.goals.create(other, { title: 'Theirs' });
    await quests.onboarding.create(other, { title: 'Their first', milestones: [] });
    expect(await db.onboarding.count({ where: { userId: hero } })).toBe(1);
    // Their time zone and a weekly review's claim.
    await svc.publish('user.updated', { userId: hero, timezone: 'Europe/Oslo' }, hero);
    await svc.jobs.waitFor(
      'weekly-review',
      (await svc.jobs.enqueue('weekly-review', { requestedBy: 'an-admin' })).id,
      30_000,
    );
    expect(await db.heroZone.count({ where: { userId: hero } })).toBe(1);
    expect(await db.reviewClaim.count({ where: { userId: hero } })).toBe(1);

    await quests.deleteHero(hero);
    expect(await db.heroZone.count({ where: { userId: hero } })).toBe(0);
    expect(await db.reviewClaim.count({ where: { userId: hero } })).toBe(0);
    expect(await db.goal.count({ where: { userId: hero } })).toBe(0);
    expect(await db.milestone.count({ where: { userId: hero } })).toBe(0);
    expect(await db.progressEntry.count({ where: { userId: hero } })).toBe(0);
    expect(await db.onboarding.count({ where: { userId: hero } })).toBe(0);
    expect(await db.goal.count({ where: { userId: other } })).toBe(2);
    expect(await db.milestone.count({ where: { userId: other } })).toBe(6);
    expect(await db.onboarding.count({ where: { userId: other } })).toBe(1);

    // quests confirms to the admin, and keeps none of its published events about the hero.
    await svc.settled();
    expect(svc.publishedOf('user.purged').filter((e) => e.payload.userId === hero)).toMatchObject([
      { payload: { userId: hero, service: 'quests' } },
    ]);
    const mentions = (id: string) =>
      svc.database.query('select 1 from quests._outbox where strpos(envelope::text, $1) > 0', [id]);
    expect(await mentions(hero)).toEqual([]);
    expect((await mentions(other)).length).toBeGreaterThan(0);
  });
});
