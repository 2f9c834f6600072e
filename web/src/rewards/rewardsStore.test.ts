import { describe, expect, it } from 'vitest';
import { createRewardsStore, rewardTick } from './rewardsStore.ts';

const tick = { xpDelta: 25, levelBefore: 1, levelAfter: 1, questCompletedNow: false, questTitle: 'Run a 5K' };

describe('rewards of a tick', () => {
  it('raises "+N XP" from where the milestone was ticked, and nothing for an untick', () => {
    const store = createRewardsStore();
    rewardTick(tick, { x: 10, y: 20 }, store);
    rewardTick({ ...tick, xpDelta: -25 }, null, store);
    expect(store.current().gains).toEqual([{ id: 1, amount: 25, from: { x: 10, y: 20 } }]);
    expect(store.current().celebration).toBeNull();
    store.landed(1);
    expect(store.current().gains).toEqual([]);
  });

  it('celebrates a completed quest and a new level of the same tap together', () => {
    const store = createRewardsStore();
    rewardTick(
      { ...tick, questCompletedNow: true, levelAfter: 2, openSkillsBefore: ['finance_level_1'] },
      null,
      store,
    );
    expect(store.current().celebration).toEqual({
      questTitle: 'Run a 5K',
      level: 2,
      openSkillsBefore: ['finance_level_1'],
    });
    store.dismissCelebration();
    expect(store.current().celebration).toBeNull();
  });

  it('keeps a celebration still showing when the next news comes', () => {
    const store = createRewardsStore();
    store.celebrate({ level: 3 });
    store.celebrate({ planTitle: 'Read 12 books' });
    expect(store.current().celebration).toEqual({ level: 3, planTitle: 'Read 12 books' });
  });
});
