import { describe, expect, it } from 'vitest';
import { createGoal, milestonesOf, useQuests } from '../testing/quest-app.ts';
import { earlyBonus } from './service.ts';

const quest = useQuests();

describe('GET /api/milestones', () => {
  it('lists the hero’s milestones with the Milestone fields of spec 3, and no one else’s', async () => {
    const hero = quest.hero();
    const other = quest.hero();
    const goal = await createGoal(hero, { title: 'Learn Spanish' });
    await createGoal(other, { title: 'Not yours' });
    const res = await hero.get('/api/milestones');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      goal.milestones.map((m) => ({
        id: m.id,
        goal_id: goal.id,
        title: m.title,
        is_completed: false,
        xp_reward: m.xp_reward,
        due_date: m.due_date,
      })),
    );
  });
});

describe('POST /api/milestones/{id}/toggle', () => {
  it('completes the quest with its last milestone and reopens it when one is reopened', async () => {
    const hero = quest.hero();
    const goal = await createGoal(hero, { title: 'Build a bookshelf' });
    let last: { goal: { is_completed: boolean; progress: number } } | undefined;
    for (const m of goal.milestones) last = (await hero.post(`/api/milestones/${m.id}/toggle`)).body;
    expect(last?.goal).toMatchObject({ progress: 100, is_completed: true });
    expect((await hero.get('/api/goals')).body[0]).toMatchObject({ is_completed: true, progress: 100 });

    const reopened = await hero.post(`/api/milestones/${goal.milestones[1]!.id}/toggle`);
    expect(reopened.body.goal).toEqual({ id: goal.id, progress: 66, is_completed: false });
    expect((await hero.get('/api/goals')).body[0]).toMatchObject({ is_completed: false, progress: 66 });
  });

  it('answers 404 for another hero’s milestone and an unknown one, 400 for a malformed id', async () => {
    const owner = quest.hero();
    const goal = await createGoal(owner, { title: 'Mine' });
    const stranger = quest.hero();
    for (const id of [goal.milestones[0]!.id, crypto.randomUUID()]) {
      const res = await stranger.post(`/api/milestones/${id}/toggle`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'MILESTONE_NOT_FOUND' });
    }
    const malformed = await stranger.post('/api/milestones/42/toggle');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await milestonesOf(owner, goal.id)).every((m) => !m.is_completed)).toBe(true);
  });
});

describe('the early_milestone rule', () => {
  it.each([
    ['2026-03-10', '2026-03-09', 10, 10],
    ['2026-03-10', '2026-03-10', 10, 0],
    ['2026-03-10', '2026-03-11', 10, 0],
    [null, '2026-03-09', 10, 0],
    ['2026-03-10', '2026-03-09', 0, 0],
  ])('due %s, completed %s, bonus %i: earns %i', (due, on, bonus, earned) => {
    expect(earlyBonus(due, on, bonus)).toBe(earned);
  });
});
