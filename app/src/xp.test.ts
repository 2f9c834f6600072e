import { EVENTUALLY } from '@lifequest/platform/testing';
import { addDays, toIsoDate } from '@lifequest/proto';
import { confirmPlan, createGoal, plan } from '@lifequest/quests/testing';
import { describe, expect, it } from 'vitest';
import { newHero, useLifeQuest } from './testing/index.ts';

// quests' toggles and auth's XP ledger together: the awaited projection, the caps and the ceiling.
const quest = useLifeQuest();
const today = () => toIsoDate(new Date());

describe('XP from quests, as the hero sees it', () => {
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

  it('bounds farming by create, complete and delete: the quest’s cap, then 1,500 XP a day', async () => {
    const hero = await newHero(quest.url);
    // The review's exploit: the client named 100,000 XP. Refused now.
    const greedy = await hero.post('/api/goals', { title: 'farm', xpTotal: 100_000, milestones: ['a'] });
    expect(greedy.status).toBe(400);
    // Within the caps, three rounds of the richest quest earn the day's ceiling, not 3,000.
    const deltas: number[] = [];
    for (let round = 0; round < 3; round++) {
      const farm = await createGoal(hero, { title: 'farm', xpTotal: 1000, milestones: ['a'] });
      const toggled = await hero.post(`/api/milestones/${farm.milestones[0]!.id}/toggle`);
      deltas.push(toggled.body.xpDelta);
      expect((await hero.delete(`/api/goals/${farm.id}`)).status).toBe(204);
    }
    expect(deltas).toEqual([1000, 500, 0]);
    expect((await hero.get('/api/auth/me')).body).toMatchObject({ totalXP: 1500 });
  });
  it('one quest earns at most 1,000 XP: 0-XP milestones done early earn no bonus', async () => {
    const hero = await newHero(quest.url);
    const { milestones } = await confirmPlan(
      hero,
      plan({
        milestones: Array.from({ length: 20 }, (_, i) => ({
          label: `Step ${i}`,
          due_date: addDays(today(), 30),
          xp_reward: 0,
        })),
        xp_policy: { total_goal_xp: 1000, bonuses: { early_milestone: 100, logging_daily: 20 } },
      }),
    );
    const deltas: number[] = [];
    for (const m of milestones) deltas.push((await hero.post(`/api/milestones/${m.id}/toggle`)).body.xpDelta);
    // Before: +100 per toggle and the 1,000 at the end, ~3,000 XP cut only by the day's 1,500.
    expect(deltas.reduce((a, b) => a + b, 0)).toBe(1000);
    await expect.poll(async () => (await hero.get('/api/auth/me')).body.totalXP, EVENTUALLY).toBe(1000);
    for (const m of milestones) await hero.post(`/api/milestones/${m.id}/toggle`);
    await expect.poll(async () => (await hero.get('/api/auth/me')).body.totalXP, EVENTUALLY).toBe(0);
  });

  it('keeps the XP a completed quest earned (the ledger is history)', async () => {
    const hero = await newHero(quest.url);
    const goal = await createGoal(hero, { title: 'Learn to juggle' });
    for (const m of goal.milestones) await hero.post(`/api/milestones/${m.id}/toggle`);
    expect((await hero.get(`/api/goals/${goal.id}`)).body.goal).toMatchObject({ is_completed: true });
    expect((await hero.get('/api/auth/me')).body).toMatchObject({ totalXP: 100, lifeLevel: 2 });

    expect((await hero.delete(`/api/goals/${goal.id}`)).status).toBe(204);
    // The ledger follows quests' events in order, so once a later toggle's XP is in, anything the
    // deletion could have taken back would have been taken back already.
    const next = await createGoal(hero, { title: 'Learn to knit' });
    const toggled = await hero.post(`/api/milestones/${next.milestones[0]!.id}/toggle`);
    expect(toggled.body.user).toEqual({ totalXP: 125, lifeLevel: 2 });
    expect((await hero.get('/api/auth/me')).body).toMatchObject({ totalXP: 125, lifeLevel: 2 });
  });
});
