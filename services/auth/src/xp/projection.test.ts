import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AuthHarness, startAuthHarness } from '../testing/auth-harness.ts';
import { XpProjectionService } from './projection.ts';

let xp: AuthHarness;
beforeAll(async () => {
  xp = await startAuthHarness();
});
afterAll(() => xp?.close());

const milestone = (userId: string, version: number) => ({
  milestoneId: '6f1f0c1e-8a3c-4a39-9d57-3f2c1f7b9e11',
  goalId: crypto.randomUUID(),
  userId,
  title: 'Read chapter 1',
  version,
});

it('answers the totals once the ledger holds the events, with what those events changed', async () => {
  const hero = await xp.newHero();
  const earlier = await xp.publish('milestone.completed', {
    ...milestone(hero, 1),
    goalTitle: 'Read',
    xpReward: 250,
  });
  const later = await xp.publish('milestone.reopened', { ...milestone(hero, 2), xpReward: 250 });
  const projection = new XpProjectionService(xp.db, { waitMs: 1_000 });

  expect(await projection.totalsAfter(hero, [earlier.id])).toEqual({
    totalXP: 0,
    lifeLevel: 1,
    xpDelta: 250,
    caughtUp: true,
  });
  expect(await projection.totalsAfter(hero, [later.id])).toMatchObject({
    totalXP: 0,
    xpDelta: -250,
    caughtUp: true,
  });
});

it('reaches lifeLevel 3 at 300 XP (the curve of proto)', async () => {
  const hero = await xp.newHero();
  const done = await xp.publish('milestone.completed', {
    ...milestone(hero, 1),
    milestoneId: crypto.randomUUID(),
    goalTitle: 'Read',
    xpReward: 300,
  });
  expect(await new XpProjectionService(xp.db).totalsAfter(hero, [done.id])).toMatchObject({
    totalXP: 300,
    lifeLevel: 3,
  });
});

it('says it is not caught up when an event has not arrived within the wait', async () => {
  const hero = await xp.newHero();
  const projection = new XpProjectionService(xp.db, { waitMs: 100, pollMs: 20 });
  expect(await projection.totalsAfter(hero, [crypto.randomUUID()])).toEqual({
    totalXP: 0,
    lifeLevel: 1,
    xpDelta: 0,
    caughtUp: false,
  });
});
