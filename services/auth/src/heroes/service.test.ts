import { AppError } from '@lifequest/platform';
import type { FirstGoal } from '@lifequest/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHarness, startAuthHarness } from '../testing/auth-harness.ts';
import { heroEvents } from './events.ts';
import { type FirstQuests, HeroService } from './service.ts';

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuthHarness();
});
afterAll(() => auth?.close());

function heroes(firstQuests: FirstQuests) {
  return new HeroService(auth.db, ['admin@lifequest.local'], heroEvents(auth.events), firstQuests);
}
const noQuests: FirstQuests = { create: async () => {} };
const register = (service: HeroService, name: string) =>
  service.register({ email: `${crypto.randomUUID()}@example.com`, password: 'long enough', name });

describe('hero events', () => {
  it('registering publishes user.registered, and onboarding user.onboarded, through the outbox', async () => {
    const service = heroes(noQuests);
    const user = await register(service, 'Rae');
    await service.completeOnboarding(user.id, { displayName: 'Rae the Brave', primaryClass: 'general' });
    await auth.flush();
    const mine = auth.heroEvents.filter((e) => e.actorId === user.id);
    expect(mine.map((e) => [e.name, e.payload])).toEqual(
      expect.arrayContaining([
        [
          'user.registered',
          {
            userId: user.id,
            email: user.email,
            name: 'Rae',
            primaryClass: 'general',
            activeClassTitle: 'Pathfinder Initiate',
            createdAt: user.createdAt,
          },
        ],
        [
          'user.onboarded',
          {
            userId: user.id,
            name: 'Rae the Brave',
            primaryClass: 'general',
            activeClassTitle: 'Pathfinder Initiate',
          },
        ],
      ]),
    );
    expect(mine).toHaveLength(2);
  });
});

describe('the first quest at onboarding', () => {
  const firstGoal: FirstGoal = { title: 'Run a 5K', milestones: [{ title: 'Run 1K', completed: false }] };

  it('is asked of quests before the hero is marked onboarded', async () => {
    const asked: [string, FirstGoal][] = [];
    const service = heroes({ create: async (userId, goal) => void asked.push([userId, goal]) });
    const user = await register(service, 'Sol');
    expect(
      (await service.completeOnboarding(user.id, { displayName: 'Sol', primaryClass: 'general', firstGoal }))
        .isOnboarded,
    ).toBe(true);
    expect(asked).toEqual([[user.id, firstGoal]]);
  });

  it('fails onboarding when quests cannot make it, and the hero stays un-onboarded', async () => {
    const service = heroes({
      create: async () => {
        throw new AppError('SERVICE_UNAVAILABLE', 'The quests service did not answer.');
      },
    });
    const user = await register(service, 'Tam');
    await expect(
      service.completeOnboarding(user.id, { displayName: 'Tam', primaryClass: 'general', firstGoal }),
    ).rejects.toMatchObject({ status: 503 });
    expect((await service.me(user.id)).isOnboarded).toBe(false);
    await auth.flush();
    expect(auth.heroEvents.filter((e) => e.actorId === user.id).map((e) => e.name)).toEqual([
      'user.registered',
    ]);
  });

  it('totalXP and lifeLevel come from the XP ledger', async () => {
    const service = heroes(noQuests);
    const user = await register(service, 'Uma');
    await auth.publish('milestone.completed', {
      milestoneId: crypto.randomUUID(),
      goalId: crypto.randomUUID(),
      userId: user.id,
      title: 'Big step',
      goalTitle: 'Big quest',
      xpReward: 600,
      version: 1,
    });
    expect(await service.me(user.id)).toMatchObject({ totalXP: 600, lifeLevel: 4 });
  });
});
