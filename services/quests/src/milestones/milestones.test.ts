import { addDays, toIsoDate } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { confirmPlan, createGoal, milestonesOf, newHero, plan, useLifeQuest } from '../testing/quest-app.ts';
import { earlyBonus } from './service.ts';

const quest = useLifeQuest();
const today = () => toIsoDate(new Date());

describe('GET /api/milestones', () => {
  it('lists the hero’s milestones with the Milestone fields of spec 3, and no one else’s', async () => {
    const hero = await newHero(quest.url);
    const other = await newHero(quest.url, 'Gus');
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
  it('completes and reopens a milestone, answering what the web updates at once', async () => {
    const hero = await newHero(quest.url);
    const goal = await createGoal(hero, { title: 'Learn Spanish' });
    const [first] = goal.milestones;

    const done = await hero.post(`/api/milestones/${first!.id}/toggle`);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      milestone: { ...first, is_completed: true },
      goal: { id: goal.id, progress: 33, is_completed: false },
      xpDelta: 25,
      user: { totalXP: 25, lifeLevel: 1 },
    });
    const undone = await hero.post(`/api/milestones/${first!.id}/toggle`);
    expect(undone.body).toEqual({
      milestone: { ...first, is_completed: false },
      goal: { id: goal.id, progress: 0, is_completed: false },
      xpDelta: -25,
      user: { totalXP: 0, lifeLevel: 1 },
    });
  });

  it('completes the quest with its last milestone and reopens it when one is reopened', async () => {
    const hero = await newHero(quest.url);
    const goal = await createGoal(hero, { title: 'Build a bookshelf' });
    let last: { goal: { is_completed: boolean; progress: number } } | undefined;
    for (const m of goal.milestones) last = (await hero.post(`/api/milestones/${m.id}/toggle`)).body;
    expect(last?.goal).toMatchObject({ progress: 100, is_completed: true });
    expect((await hero.get('/api/goals')).body[0]).toMatchObject({ is_completed: true, progress: 100 });

    const reopened = await hero.post(`/api/milestones/${goal.milestones[1]!.id}/toggle`);
    expect(reopened.body.goal).toEqual({ id: goal.id, progress: 66, is_completed: false });
    expect((await hero.get('/api/goals')).body[0]).toMatchObject({ is_completed: false, progress: 66 });
  });

  it('toggling back and forth leaves XP exactly where it started', async () => {
    const hero = await newHero(quest.url);
    const { goal, milestones } = await confirmPlan(
      hero,
      plan({
        milestones: [
          { label: 'Early one', due_date: addDays(today(), 30), xp_reward: 40 },
          { label: 'Late one', due_date: addDays(today(), -1), xp_reward: 60 },
        ],
      }),
    );
    const other = await createGoal(hero, { title: 'Something else' });
    await hero.post(`/api/milestones/${other.milestones[0]!.id}/toggle`);
    const start = (await hero.get('/api/auth/me')).body;
    expect(start).toMatchObject({ totalXP: 25, lifeLevel: 1 });

    const deltas: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const m of [...milestones, ...milestones]) {
        deltas.push((await hero.post(`/api/milestones/${m.id}/toggle`)).body.xpDelta);
      }
    }
    // Early one: 40 + the early_milestone bonus 10; late one: 60; the quest itself: 150 - 100 = 50,
    // earned when the late one completes it and taken back when the early one reopens it.
    expect(deltas.slice(0, 4)).toEqual([50, 110, -100, -60]);
    expect((await hero.get('/api/auth/me')).body).toMatchObject({ totalXP: 25, lifeLevel: 1 });

    const first = await hero.post(`/api/milestones/${milestones[0]!.id}/toggle`);
    const second = await hero.post(`/api/milestones/${milestones[1]!.id}/toggle`);
    expect(second.body).toMatchObject({ goal: { id: goal.id, is_completed: true }, xpDelta: 110 });
    expect(second.body.user).toEqual({ totalXP: 25 + 50 + 110, lifeLevel: 2 });
    expect(first.body.user).toEqual({ totalXP: 75, lifeLevel: 1 });
    const back = await hero.post(`/api/milestones/${milestones[1]!.id}/toggle`);
    expect(back.body).toMatchObject({ xpDelta: -110, user: { totalXP: 75, lifeLevel: 1 } });
  });

  it('answers 404 for another hero’s milestone, an unknown one and a malformed id', async () => {
    const owner = await newHero(quest.url);
    const goal = await createGoal(owner, { title: 'Mine' });
    const stranger = await newHero(quest.url, 'Hana');
    for (const id of [goal.milestones[0]!.id, crypto.randomUUID(), '42']) {
      const res = await stranger.post(`/api/milestones/${id}/toggle`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'MILESTONE_NOT_FOUND' });
    }
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
