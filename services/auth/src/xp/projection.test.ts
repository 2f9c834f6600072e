import { expect, it } from 'vitest';
import { useAuth } from '../testing/test-kit.ts';

// GET /internal/auth/xp/:userId?after=... is what quests asks right after a milestone toggle.
const xp = useAuth();

const milestone = (userId: string, version: number) => ({
  milestoneId: '6f1f0c1e-8a3c-4a39-9d57-3f2c1f7b9e11',
  goalId: crypto.randomUUID(),
  userId,
  title: 'Read chapter 1',
  version,
});

const totalsAfter = async (userId: string, eventIds: string[]) => {
  const res = await xp.svc.service('quests').get(`/internal/auth/xp/${userId}?after=${eventIds.join(',')}`);
  expect(res.status).toBe(200);
  return res.body;
};

it('answers the totals once the ledger holds the events, with what those events changed', async () => {
  const hero = await xp.newHero();
  const earlier = await xp.publish('milestone.completed', {
    ...milestone(hero, 1),
    goalTitle: 'Read',
    xpReward: 250,
  });
  const later = await xp.publish('milestone.reopened', { ...milestone(hero, 2), xpReward: 250 });

  expect(await totalsAfter(hero, [earlier.id])).toEqual({
    totalXP: 0,
    lifeLevel: 1,
    xpDelta: 250,
    caughtUp: true,
  });
  expect(await totalsAfter(hero, [later.id])).toMatchObject({ totalXP: 0, xpDelta: -250, caughtUp: true });
});

it('reaches lifeLevel 3 at 300 XP (the curve of proto)', async () => {
  const hero = await xp.newHero();
  const done = await xp.publish('milestone.completed', {
    ...milestone(hero, 1),
    milestoneId: crypto.randomUUID(),
    goalTitle: 'Read',
    xpReward: 300,
  });
  expect(await totalsAfter(hero, [done.id])).toMatchObject({ totalXP: 300, lifeLevel: 3 });
});

it('says it is not caught up when an event has not arrived within the wait', async () => {
  const hero = await xp.newHero();
  expect(await totalsAfter(hero, [crypto.randomUUID()])).toEqual({
    totalXP: 0,
    lifeLevel: 1,
    xpDelta: 0,
    caughtUp: false,
  });
});

it('answers only other services', async () => {
  const hero = await xp.newHero();
  expect((await xp.svc.hero(hero).get(`/internal/auth/xp/${hero}`)).status).toBe(403);
  expect((await xp.svc.anonymous().get(`/internal/auth/xp/${hero}`)).status).toBe(401);
});
