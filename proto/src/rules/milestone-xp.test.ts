import { describe, expect, it } from 'vitest';
import { FALLBACK_PLAN } from './fallback-plan.ts';
import { splitMilestoneXp } from './milestone-xp.ts';

describe('splitMilestoneXp', () => {
  it("gives the fallback plan's 25/25/50 for 100 XP over three milestones", () => {
    expect(splitMilestoneXp(FALLBACK_PLAN.xpTotal, FALLBACK_PLAN.milestones.length)).toEqual(
      FALLBACK_PLAN.milestones.map((m) => m.xpReward),
    );
  });

  it('weighs the last milestone double and always adds up to the total', () => {
    expect(splitMilestoneXp(500, 4)).toEqual([100, 100, 100, 200]);
    expect(splitMilestoneXp(300, 6)).toEqual([42, 42, 42, 42, 42, 90]);
    for (const [total, count] of [
      [800, 5],
      [7, 3],
      [1, 4],
    ] as const) {
      expect(splitMilestoneXp(total, count).reduce((a, b) => a + b, 0)).toBe(total);
    }
  });

  it('gives nothing to share among no milestones', () => {
    expect(splitMilestoneXp(100, 0)).toEqual([]);
  });
});
