import { EVENTUALLY } from '@lifequest/platform/testing';
import { addDays, toIsoDate } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { newHero, useLifeQuest } from './testing/index.ts';

const quest = useLifeQuest();
const today = () => toIsoDate(new Date());

const onboarding = (firstGoal: unknown) => ({ displayName: 'Mira', primaryClass: 'general', firstGoal });

describe('the first quest from onboarding', () => {
  it('is on GET /api/goals as soon as complete-onboarding returns, with its milestones sharing 100 XP', async () => {
    const hero = await newHero(quest.url);
    const deadline = addDays(today(), 60);
    const res = await hero.post(
      '/api/auth/complete-onboarding',
      onboarding({
        title: 'Run a 5K in under 30 minutes',
        deadline,
        className: 'health',
        milestones: [
          { id: 1, title: 'Run 1K', completed: false },
          { id: 2, title: 'Run 3K', completed: false },
          { id: 3, title: 'Run 5K', completed: false },
        ],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.user.isOnboarded).toBe(true);

    const goals = (await hero.get('/api/goals')).body;
    expect(goals).toMatchObject([
      {
        title: 'Run a 5K in under 30 minutes',
        deadline,
        class_name: 'health',
        is_completed: false,
        progress: 0,
      },
    ]);
    const milestones = (await hero.get('/api/milestones')).body;
    expect(milestones).toEqual([
      expect.objectContaining({
        goal_id: goals[0].id,
        title: 'Run 1K',
        xp_reward: 33,
        due_date: addDays(today(), 20),
      }),
      expect.objectContaining({ title: 'Run 3K', xp_reward: 33, due_date: addDays(today(), 40) }),
      expect.objectContaining({ title: 'Run 5K', xp_reward: 34, due_date: deadline }),
    ]);
  });

  it('a repeated onboarding is 409 ALREADY_ONBOARDED and makes no other quest', async () => {
    const hero = await newHero(quest.url);
    const firstGoal = { title: 'Read 12 books', milestones: [{ title: 'Book one', completed: false }] };
    await hero.post('/api/auth/complete-onboarding', onboarding(firstGoal));
    const again = await hero.post(
      '/api/auth/complete-onboarding',
      onboarding({ ...firstGoal, title: 'Changed my mind' }),
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_ONBOARDED');
    const goals = (await hero.get('/api/goals')).body;
    expect(goals).toHaveLength(1);
    expect(goals[0]).toMatchObject({ title: 'Read 12 books', deadline: addDays(today(), 90) });
    expect((await hero.get('/api/milestones')).body).toMatchObject([{ title: 'Book one', xp_reward: 100 }]);
  });

  it('is made once, ever: replaying onboarding after deleting the quest is refused, makes none, earns no XP', async () => {
    const hero = await newHero(quest.url);
    const result = {
      displayName: 'Mira',
      primaryClass: 'health',
      firstGoal: {
        title: 'Quest i',
        deadline: addDays(today(), 30),
        className: 'health',
        milestones: [{ id: 1, title: 'a', completed: true }],
      },
    };
    const first = await hero.post('/api/auth/complete-onboarding', result);
    expect(first.status).toBe(200);
    await expect.poll(async () => (await hero.get('/api/auth/me')).body.totalXP, EVENTUALLY).toBe(100);
    const [goal] = (await hero.get('/api/goals')).body;
    expect((await hero.delete(`/api/goals/${goal.id}`)).status).toBe(204);
    // Renaming by onboarding again is refused: the name changes only through PATCH /api/auth/me.
    const again = await hero.post('/api/auth/complete-onboarding', { ...result, displayName: 'Mira 2' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_ONBOARDED');
    expect((await hero.get('/api/auth/me')).body).toMatchObject({ name: 'Mira', totalXP: 100 });
    expect((await hero.get('/api/goals')).body).toEqual([]);
    // A later toggle's XP is in the ledger, so anything a replay earned would be too.
    const other = await hero.post('/api/goals', { title: 'Something else' });
    const toggled = await hero.post(`/api/milestones/${other.body.milestones[0].id}/toggle`);
    expect(toggled.body.user).toEqual({ totalXP: 125, lifeLevel: 2 });
  });

  it('refuses a first goal whose deadline is in the past, and the hero stays un-onboarded', async () => {
    const hero = await newHero(quest.url);
    const res = await hero.post(
      '/api/auth/complete-onboarding',
      onboarding({ title: 'Quest i', deadline: '2020-01-01', milestones: [] }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Invalid request',
      message: 'Invalid body: firstGoal.deadline must not be in the past',
      code: 'VALIDATION_FAILED',
    });
    expect((await hero.get('/api/auth/me')).body.isOnboarded).toBe(false);
    expect((await hero.get('/api/goals')).body).toEqual([]);
  });

  it('without milestones the quest gets the fallback plan; without a first goal there is no quest', async () => {
    const hero = await newHero(quest.url);
    await hero.post('/api/auth/complete-onboarding', onboarding({ title: 'Learn guitar', milestones: [] }));
    expect((await hero.get('/api/milestones')).body.map((m: { xp_reward: number }) => m.xp_reward)).toEqual([
      25, 25, 50,
    ]);
    const other = await newHero(quest.url, 'Noa');
    expect((await other.post('/api/auth/complete-onboarding', onboarding(null))).status).toBe(200);
    expect((await other.get('/api/goals')).body).toEqual([]);
  });

  it('a milestone the hero already completed counts as completed, XP included', async () => {
    const hero = await newHero(quest.url);
    await hero.post(
      '/api/auth/complete-onboarding',
      onboarding({
        title: 'Meditate daily',
        milestones: [
          { title: 'Install an app', completed: true },
          { title: 'Meditate 7 days in a row', completed: false },
        ],
      }),
    );
    expect((await hero.get('/api/goals')).body[0]).toMatchObject({ progress: 50, is_completed: false });
    const [done, open] = (await hero.get('/api/milestones')).body;
    expect([done.is_completed, open.is_completed]).toEqual([true, false]);
    await expect.poll(async () => (await hero.get('/api/auth/me')).body.totalXP, EVENTUALLY).toBe(50);
  });

  it('the internal route answers only other services', async () => {
    const res = await fetch(`${quest.app.serviceUrls.quests}/internal/quests/onboarding-quest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: crypto.randomUUID(), firstGoal: { title: 'x', milestones: [] } }),
    });
    expect(res.status).toBe(401);
  });
});
