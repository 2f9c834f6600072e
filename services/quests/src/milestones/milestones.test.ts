import { addDays, toIsoDate } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { confirmPlan, createGoal, type Hero, milestonesOf, plan, useQuests } from '../testing/test-kit.ts';

const quest = useQuests();

describe('GET /api/milestones', () => {
  it('lists the hero’s milestones with every Milestone field, and no one else’s', async () => {
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

describe('what one quest can award', () => {
  const soon = () => addDays(toIsoDate(new Date()), 30);
  const toggleAll = async (hero: Hero, ids: string[]) => {
    const deltas: number[] = [];
    for (const id of ids) deltas.push((await hero.post(`/api/milestones/${id}/toggle`)).body.xpDelta);
    return deltas;
  };
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

  it('is at most 1,000 XP: 0-XP milestones done early earn no bonus (not 3,000 XP)', async () => {
    const hero = quest.hero();
    const { milestones } = await confirmPlan(
      hero,
      plan({
        milestones: Array.from({ length: 20 }, (_, i) => ({
          label: `m${i}`,
          due_date: soon(),
          xp_reward: 0,
        })),
        xp_policy: { total_goal_xp: 1000, bonuses: { early_milestone: 100, logging_daily: 20 } },
      }),
    );
    const ids = milestones.map((m) => m.id);
    const done = await toggleAll(hero, ids);
    expect(done).toEqual([...Array(19).fill(0), 1000]);
    // Exactly reversible: reopening them all gives back what completing them gave.
    expect(sum(await toggleAll(hero, ids))).toBe(-1000);
  });

  it('pays early bonuses on top of the quest’s worth only while its total stays within 1,000 XP', async () => {
    const hero = quest.hero();
    const { milestones } = await confirmPlan(
      hero,
      plan({
        milestones: Array.from({ length: 10 }, (_, i) => ({
          label: `m${i}`,
          due_date: soon(),
          xp_reward: 90,
        })),
        xp_policy: { total_goal_xp: 900, bonuses: { early_milestone: 100, logging_daily: 0 } },
      }),
    );
    const ids = milestones.map((m) => m.id);
    // 100 XP of room: the first early bonus is its reward (90), the second what is left (10).
    const done = await toggleAll(hero, ids);
    expect(done).toEqual([180, 100, ...Array(8).fill(90)]);
    expect(sum(done)).toBe(1000);
    // Reopening the first frees its 90; completing it again takes that room again, and no more.
    expect(await toggleAll(hero, [ids[0]!, ids[0]!])).toEqual([-180, 180]);
    // Reopening the second and completing it again: its 10 back, no more (the first holds 90).
    expect(await toggleAll(hero, [ids[1]!, ids[1]!])).toEqual([-100, 100]);
    expect(sum(await toggleAll(hero, ids))).toBe(-1000);
  });
});
