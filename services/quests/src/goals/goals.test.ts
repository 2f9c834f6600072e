import { addDays, toIsoDate } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { createGoal, milestonesOf, useQuests } from '../testing/test-kit.ts';

const quest = useQuests();
const today = () => toIsoDate(new Date());

describe('GET /api/goals', () => {
  it('lists only the hero’s own quests, with every Goal field', async () => {
    const hero = quest.hero();
    const other = quest.hero();
    const created = await createGoal(hero, { title: 'Read 12 books', deadline: addDays(today(), 60) });
    await createGoal(other, { title: 'Someone else’s quest' });

    const res = await hero.get('/api/goals');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: created.id,
        title: 'Read 12 books',
        deadline: addDays(today(), 60),
        class_name: 'general',
        foundation: null,
        is_completed: false,
        progress: 0,
        description: null,
        category: null,
        difficulty: null,
        unit: null,
        target_value: null,
        habits: [],
        start_date: created.start_date,
      },
    ]);
  });

  it('needs a signed-in hero', async () => {
    const res = await quest.anonymous().get('/api/goals');
    expect(res.status).toBe(401);
  });
});

describe('POST /api/goals', () => {
  it('without milestones gets the fallback plan: 90 days out, 25, 25 and 50 XP at 30, 60 and 90 days', async () => {
    const hero = quest.hero();
    const goal = await createGoal(hero, { title: 'Learn to juggle', description: 'three balls' });
    expect(goal).toMatchObject({
      title: 'Learn to juggle',
      description: 'three balls',
      deadline: addDays(today(), 90),
    });
    expect(goal.milestones.map((m) => [m.due_date, m.xp_reward])).toEqual([
      [addDays(today(), 30), 25],
      [addDays(today(), 60), 25],
      [addDays(today(), 90), 50],
    ]);
    expect(await milestonesOf(hero, goal.id)).toEqual(goal.milestones);
  });

  it('reads an empty deadline as none', async () => {
    const hero = quest.hero();
    const goal = await createGoal(hero, { title: 'Sleep by 11', deadline: '', description: '' });
    expect(goal).toMatchObject({ deadline: addDays(today(), 90), description: null });
  });

  it('takes the floating chat’s suggestion: targetDate, xpTotal and milestones', async () => {
    const hero = quest.hero();
    const goal = await createGoal(hero, {
      title: 'Save $1,000',
      targetDate: addDays(today(), 40),
      xpTotal: 120,
      milestones: ['Open a savings account', { title: 'Save $500', dueDate: addDays(today(), 20) }],
    });
    expect(goal.deadline).toBe(addDays(today(), 40));
    expect(goal.milestones).toMatchObject([
      { title: 'Open a savings account', xp_reward: 60, due_date: addDays(today(), 20), is_completed: false },
      { title: 'Save $500', xp_reward: 60, due_date: addDays(today(), 20), is_completed: false },
    ]);
  });

  it.each([
    [{}, 'title is required'],
    [{ title: '   ' }, 'title is required'],
    [{ title: 'x'.repeat(201) }, 'title must be at most 200 characters'],
    [{ title: 'ok', deadline: '2026-02-30' }, 'deadline must be a date (yyyy-mm-dd)'],
    [{ title: 'ok', deadline: 'tomorrow' }, 'deadline must be a date (yyyy-mm-dd)'],
    [{ title: 'ok', deadline: '2001-01-01' }, 'deadline must not be in the past'],
    [{ title: 'ok', deadline: '2101-01-01' }, 'deadline must be before 2101'],
    [{ title: 'ok', description: 'd'.repeat(2001) }, 'description must be at most 2000 characters'],
    [{ title: 'ok', xpTotal: -5 }, 'xpTotal must not be negative'],
    [{ title: 'ok', xpTotal: 1.5 }, 'xpTotal must be a whole number'],
    [{ title: 'ok', milestones: [{ dueDate: '2099-01-01' }] }, 'milestones.0 needs a title'],
    [{ title: 'ok', milestones: Array.from({ length: 21 }, (_, i) => `m${i}`) }, 'at most 20 milestones'],
    [{ title: 'farm', xpTotal: 100_000, milestones: ['a'] }, 'xpTotal must be at most 1000'],
    [{ title: 'ok', xpTotal: 1001 }, 'xpTotal must be at most 1000'],
    [
      { title: 'ok', milestones: [{ title: 'a', xpReward: 1001 }] },
      'milestones.xpReward must be at most 1000',
    ],
    [
      { title: 'ok', milestones: [{ title: 'a', xp_reward: 5000 }] },
      'milestones.xp_reward must be at most 1000',
    ],
    [
      { title: 'ok', xpTotal: 100, milestones: [{ title: 'a', xpReward: 150 }] },
      "xpTotal (100) must be at least the milestones' XP (150)",
    ],
    [
      {
        title: 'ok',
        milestones: [
          { title: 'a', xpReward: 600 },
          { title: 'b', xp_reward: 600 },
        ],
      },
      "milestones' XP must add up to at most 1000 (it is 1200)",
    ],
    [
      { title: 'ok', milestones: ['a', { title: 'b', dueDate: '2001-01-01' }] },
      'milestones.1.dueDate must not be in the past',
    ],
    [
      { title: 'ok', milestones: [{ title: 'a', due_date: '2101-01-01' }] },
      'milestones.0.dueDate must be before 2101',
    ],
  ])('refuses %j with a 400 that says why', async (body, message) => {
    const hero = quest.hero();
    const res = await hero.post('/api/goals', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.body.message).toContain(message);
    expect((await hero.get('/api/goals')).body).toEqual([]);
  });
});

describe('XP a hero can earn from quests', () => {
  it('allows a quest worth 1,000 XP, the most one may be worth', async () => {
    const hero = quest.hero();
    const goal = await createGoal(hero, {
      title: 'Run a marathon',
      xpTotal: 1000,
      milestones: [{ title: 'Run a half', xpReward: 400 }, 'Run the full'],
    });
    expect(goal.milestones.map((m) => m.xp_reward)).toEqual([400, 600]);
  });
});

describe('GET /api/goals/{id}', () => {
  it('is the goal detail: goal, progress newest first, milestones with a done status', async () => {
    const hero = quest.hero();
    const goal = await createGoal(hero, { title: 'Meditate daily' });
    const [first] = goal.milestones;
    await hero.post(`/api/milestones/${first!.id}/toggle`);
    await hero.post('/api/progress', { goalId: goal.id, value: '10', note: 'first sit' });
    await hero.post('/api/progress', { goalId: goal.id, value: 12 });

    const res = await hero.get(`/api/goals/${goal.id}`);
    expect(res.status).toBe(200);
    expect(res.body.goal).toMatchObject({ id: goal.id, title: 'Meditate daily', progress: 33 });
    expect(res.body.progress.map((p: { value: number; note: string | null }) => [p.value, p.note])).toEqual([
      [12, null],
      [10, 'first sit'],
    ]);
    expect(res.body.progress[0].ts >= res.body.progress[1].ts).toBe(true);
    expect(res.body.milestones).toEqual(
      goal.milestones.map((m, i) => ({
        id: m.id,
        label: m.title,
        dueDate: m.due_date,
        xpReward: m.xp_reward,
        status: i === 0 ? 'done' : 'pending',
      })),
    );
  });

  it('answers 404 for another hero’s quest and an unknown id, 400 for a malformed id', async () => {
    const owner = quest.hero();
    const goal = await createGoal(owner, { title: 'Mine' });
    const stranger = quest.hero();
    for (const id of [goal.id, crypto.randomUUID()]) {
      const res = await stranger.get(`/api/goals/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'QUEST_NOT_FOUND' });
    }
    const malformed = await stranger.get('/api/goals/not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Invalid params: id must be a valid id',
    });
  });
});

describe('DELETE /api/goals/{id}', () => {
  it('removes the quest with its milestones and progress', async () => {
    const hero = quest.hero();
    const keep = await createGoal(hero, { title: 'Keep me' });
    const goal = await createGoal(hero, { title: 'Delete me' });
    await hero.post('/api/progress', { goalId: goal.id, value: 3 });

    const res = await hero.delete(`/api/goals/${goal.id}`);
    expect(res.status).toBe(204);
    expect((await hero.get('/api/goals')).body.map((g: { id: string }) => g.id)).toEqual([keep.id]);
    const milestones = (await hero.get('/api/milestones')).body as { goal_id: string }[];
    expect(milestones.filter((m) => m.goal_id === goal.id)).toEqual([]);
    expect(milestones.filter((m) => m.goal_id === keep.id)).toHaveLength(3);
    expect((await hero.get(`/api/goals/${goal.id}`)).status).toBe(404);
    expect((await hero.post('/api/progress', { goalId: goal.id, value: 1 })).status).toBe(404);
    expect((await hero.delete(`/api/goals/${goal.id}`)).status).toBe(404);
  });

  it('cannot delete another hero’s quest', async () => {
    const owner = quest.hero();
    const goal = await createGoal(owner, { title: 'Mine' });
    const stranger = quest.hero();
    expect((await stranger.delete(`/api/goals/${goal.id}`)).status).toBe(404);
    expect((await owner.get(`/api/goals/${goal.id}`)).status).toBe(200);
  });
});
