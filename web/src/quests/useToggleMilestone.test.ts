import { describe, expect, it } from 'vitest';
import { testUser } from '../test/render.tsx';
import type { MilestoneToggleResult } from './types.ts';
import { withXp } from './useToggleMilestone.ts';

const toggled = (xpDelta: number, user: MilestoneToggleResult['user']): MilestoneToggleResult => ({
  milestone: {
    id: 'm1',
    goal_id: 'g1',
    title: 'Run 1K',
    is_completed: xpDelta > 0,
    xp_reward: 50,
    due_date: null,
  },
  goal: { id: 'g1', progress: 50, is_completed: false },
  xpDelta,
  user,
});

describe('withXp', () => {
  it("takes the server's totals when the toggle answer carries them", () => {
    expect(withXp(testUser, toggled(50, { totalXP: 400, lifeLevel: 3 }))).toMatchObject({
      totalXP: 400,
      lifeLevel: 3,
    });
  });

  it('moves by xpDelta on the shared level curve when the ledger has not confirmed yet', () => {
    // 150 + 50 = 200 XP: level 2 starts at 100 and level 3 at 300.
    expect(withXp(testUser, toggled(50, null))).toMatchObject({ totalXP: 200, lifeLevel: 2 });
    expect(withXp({ ...testUser, totalXP: 280 }, toggled(50, null))).toMatchObject({
      totalXP: 330,
      lifeLevel: 3,
    });
    // Reopening takes XP back, never below zero.
    expect(withXp({ ...testUser, totalXP: 20 }, toggled(-50, null))).toMatchObject({
      totalXP: 0,
      lifeLevel: 1,
    });
  });
});
