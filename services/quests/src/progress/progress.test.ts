import { addDays, toIsoDate } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { confirmPlan, createGoal, plan, useQuests } from '../testing/test-kit.ts';
import { dailyLoggingBonus } from './service.ts';

const quest = useQuests();

describe('POST /api/progress', () => {
  it('stores the value as a number, with an optional note, and answers the entry', async () => {
    const hero = quest.hero();
    const goal = await createGoal(hero, { title: 'Read 20 books' });
    const res = await hero.post('/api/progress', { goalId: goal.id, value: '3.5', note: '  chapter 4  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ goalId: goal.id, value: 3.5, note: 'chapter 4', xpBonus: 0 });
    expect(Date.parse(res.body.ts)).not.toBeNaN();
    const noNote = await hero.post('/api/progress', { goalId: goal.id, value: 4 });
    expect(noNote.body).toMatchObject({ value: 4, note: null });
  });

  it('reads 5:30 and 330 as the same time on a min:s goal', async () => {
    const hero = quest.hero();
    const { goal } = await confirmPlan(hero, plan());
    expect(goal.unit).toBe('min:s');
    const a = await hero.post('/api/progress', { goalId: goal.id, value: '5:30' });
    const b = await hero.post('/api/progress', { goalId: goal.id, value: '330' });
    const c = await hero.post('/api/progress', { goalId: goal.id, value: 330 });
    expect([a.body.value, b.body.value, c.body.value]).toEqual([330, 330, 330]);
    const bad = await hero.post('/api/progress', { goalId: goal.id, value: '5:75' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Seconds must be between 00 and 59');
    const words = await hero.post('/api/progress', { goalId: goal.id, value: 'five minutes' });
    expect(words.status).toBe(400);
    expect(words.body.message).toContain('minutes:seconds');
    const detail = await hero.get(`/api/goals/${goal.id}`);
    expect(detail.body.progress.map((p: { value: number }) => p.value)).toEqual([330, 330, 330]);
  });

  it.each([
    [{ value: '' }, 'Please enter a value.'],
    [{ value: '   ' }, 'Please enter a value.'],
    [{}, 'value is required'],
    [{ value: null }, 'value is required'],
    [{ value: '12 km' }, 'Enter a number'],
    [{ value: '1e999' }, 'Enter a number'],
    [{ value: 1e13 }, 'value is too large'],
    [{ value: 1, note: 'n'.repeat(501) }, 'note must be at most 500 characters'],
  ])('refuses %j with a 400 that says why', async (body, message) => {
    const hero = quest.hero();
    const goal = await createGoal(hero, { title: 'Walk 10,000 steps' });
    const res = await hero.post('/api/progress', { goalId: goal.id, ...body });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect((await hero.get(`/api/goals/${goal.id}`)).body.progress).toEqual([]);
  });

  it('answers 404 for another hero’s goal and an unknown goal, 400 for a malformed or missing goalId', async () => {
    const owner = quest.hero();
    const goal = await createGoal(owner, { title: 'Mine' });
    const stranger = quest.hero();
    for (const goalId of [goal.id, crypto.randomUUID()]) {
      const res = await stranger.post('/api/progress', { goalId, value: 1 });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'QUEST_NOT_FOUND' });
    }
    const malformed = await stranger.post('/api/progress', { goalId: 'nope', value: 1 });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'goalId must be a valid id' });
    const missing = await stranger.post('/api/progress', { value: 1 });
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'goalId is required' });
    expect((await owner.get(`/api/goals/${goal.id}`)).body.progress).toEqual([]);
  });

  it('gives a plan goal’s logging_daily bonus to the first entry of the UTC day only', async () => {
    const hero = quest.hero();
    const { goal } = await confirmPlan(hero, plan());
    const first = await hero.post('/api/progress', { goalId: goal.id, value: '6:00' });
    const second = await hero.post('/api/progress', { goalId: goal.id, value: '5:50' });
    expect(first.body.xpBonus).toBe(5);
    // Both entries normally fall on one UTC day; if midnight passed between them, the second is a new day's first.
    const sameDay = toIsoDate(first.body.ts) === toIsoDate(second.body.ts);
    expect(second.body.xpBonus).toBe(sameDay ? 0 : 5);
    const plain = await createGoal(hero, { title: 'No plan here' });
    expect((await hero.post('/api/progress', { goalId: plain.id, value: 1 })).body.xpBonus).toBe(0);
  });
});

describe('the logging_daily rule', () => {
  it.each([
    [0, 5, 5],
    [1, 5, 0],
    [0, 0, 0],
  ])('with %i entries earlier today and a bonus of %i, earns %i', (earlier, bonus, earned) => {
    expect(dailyLoggingBonus(earlier, bonus)).toBe(earned);
  });

  it('counts toward the quest’s 1,000 XP: it earns only the room its worth and bonuses leave', async () => {
    const soon = addDays(toIsoDate(new Date()), 30);
    // Each its own title: the same plan twice would be one confirmation.
    const worth = (total: number, early = 0) =>
      plan({
        goal: { ...(plan().goal as object), title: `Worth ${total}, ${crypto.randomUUID()}` },
        milestones: [
          { label: 'Half', due_date: soon, xp_reward: total / 2 },
          { label: 'All', due_date: soon, xp_reward: total / 2 },
        ],
        xp_policy: { total_goal_xp: total, bonuses: { early_milestone: early, logging_daily: 20 } },
      });
    const hero = quest.hero();
    const full = await confirmPlan(hero, worth(1000));
    expect((await hero.post('/api/progress', { goalId: full.goal.id, value: 1 })).body.xpBonus).toBe(0);
    const almost = await confirmPlan(hero, worth(990));
    expect((await hero.post('/api/progress', { goalId: almost.goal.id, value: 1 })).body.xpBonus).toBe(10);

    // An early bonus that took the room leaves none for logging; a logging bonus leaves less for it.
    const early = await confirmPlan(hero, worth(900, 100));
    const toggled = await hero.post(`/api/milestones/${early.milestones[0]!.id}/toggle`);
    expect(toggled.body.xpDelta).toBe(450 + 100);
    expect((await hero.post('/api/progress', { goalId: early.goal.id, value: 1 })).body.xpBonus).toBe(0);
    const logged = await confirmPlan(hero, worth(900, 100));
    expect((await hero.post('/api/progress', { goalId: logged.goal.id, value: 1 })).body.xpBonus).toBe(20);
    const after = await hero.post(`/api/milestones/${logged.milestones[0]!.id}/toggle`);
    expect(after.body.xpDelta).toBe(450 + 80);
  });
});
