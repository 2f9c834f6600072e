import { addDays, toIsoDate } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { confirmPlan, plan, useQuests } from '../testing/test-kit.ts';

const quest = useQuests();

describe('POST /api/plans/confirm', () => {
  it('creates the quest with the plan’s category, difficulty, metric, XP and habits, and its milestones', async () => {
    const hero = quest.hero();
    const res = await hero.post('/api/plans/confirm', { ...plan(), draftId: 'draft-1' });
    expect(res.status).toBe(201);
    expect(res.body.goal).toMatchObject({
      title: 'Run 5K under 30:00',
      category: 'fitness',
      difficulty: 'medium',
      unit: 'min:s',
      target_value: 1800,
      class_name: 'health',
      deadline: '2099-02-10',
      habits: ['Run three times a week'],
      is_completed: false,
      progress: 0,
    });
    expect(res.body.milestones).toMatchObject([
      { title: 'Run 2K without stopping', due_date: '2099-01-10', xp_reward: 40, is_completed: false },
      { title: 'Run 5K', due_date: '2099-02-10', xp_reward: 60, is_completed: false },
    ]);
    expect((await hero.get('/api/goals')).body).toEqual([res.body.goal]);
    const dashboard = await hero.get('/api/dashboard');
    expect(dashboard.body.goals[0].goal).toMatchObject({ id: res.body.goal.id, totalGoalXp: 150 });
  });

  it.each([
    [
      { goal: { title: 'x', category: 'hobby', difficulty: 'easy', metric: { target_value: 1, unit: 'x' } } },
      'category must be one of',
    ],
    [
      {
        goal: {
          title: 'x',
          category: 'habit',
          difficulty: 'extreme',
          metric: { target_value: 1, unit: 'x' },
        },
      },
      'difficulty must be one of',
    ],
    [
      { goal: { title: '', category: 'habit', difficulty: 'easy', metric: { target_value: 1, unit: 'x' } } },
      'title is required',
    ],
    [{ milestones: [] }, 'a plan needs at least one milestone'],
    [
      { milestones: [{ label: 'a', due_date: '2099-13-01', xp_reward: 10 }] },
      'milestones.due_date must be a date',
    ],
    [
      { milestones: [{ label: 'a', due_date: null, xp_reward: -1 }] },
      'milestones.xp_reward must not be negative',
    ],
    [
      { xp_policy: { total_goal_xp: 100, bonuses: { early_milestone: 101, logging_daily: 0 } } },
      'xp_policy.bonuses.early_milestone must be at most 100',
    ],
    [
      { xp_policy: { total_goal_xp: 100, bonuses: { early_milestone: 10, logging_daily: 21 } } },
      'xp_policy.bonuses.logging_daily must be at most 20',
    ],
    [
      { xp_policy: { total_goal_xp: 100_000, bonuses: { early_milestone: 10, logging_daily: 5 } } },
      'xp_policy.total_goal_xp must be at most 1000',
    ],
    [
      { milestones: [{ label: 'a', due_date: '2099-01-01', xp_reward: 1001 }] },
      'milestones.xp_reward must be at most 1000',
    ],
    [
      { xp_policy: { total_goal_xp: 50, bonuses: { early_milestone: 10, logging_daily: 5 } } },
      "xp_policy.total_goal_xp (50) must be at least the milestones' XP (100)",
    ],
    [
      {
        milestones: [
          { label: 'a', due_date: '2099-01-01', xp_reward: 40 },
          { label: 'b', due_date: '2001-01-01', xp_reward: 60 },
        ],
      },
      'milestones.1.due_date must not be in the past',
    ],
    [
      { milestones: [{ label: 'a', due_date: '2101-01-01', xp_reward: 40 }] },
      'milestones.0.due_date must be before 2101',
    ],
    [{ habits: 'run' }, 'habits'],
  ])('refuses a plan with %j with a 400', async (override, message) => {
    const hero = quest.hero();
    const res = await hero.post('/api/plans/confirm', plan(override));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect((await hero.get('/api/goals')).body).toEqual([]);
  });

  it('takes a plan worth 1,000 XP, with due dates from yesterday (east of UTC it is today) on', async () => {
    const hero = quest.hero();
    const today = toIsoDate(new Date());
    const { milestones } = await confirmPlan(
      hero,
      plan({
        milestones: [
          { label: 'Start', due_date: addDays(today, -1), xp_reward: 500 },
          { label: 'Finish', due_date: addDays(today, 30), xp_reward: 500 },
        ],
        xp_policy: { total_goal_xp: 1000, bonuses: { early_milestone: 100, logging_daily: 20 } },
      }),
    );
    expect(milestones.map((m) => m.xp_reward)).toEqual([500, 500]);
  });

  it('needs a signed-in hero', async () => {
    expect((await quest.anonymous().post('/api/plans/confirm')).status).toBe(401);
  });

  it('keeps each hero’s plans apart', async () => {
    const a = quest.hero();
    const b = quest.hero();
    const { goal } = await confirmPlan(a, plan());
    expect((await b.get('/api/goals')).body).toEqual([]);
    expect((await b.get(`/api/goals/${goal.id}`)).status).toBe(404);
  });
});
