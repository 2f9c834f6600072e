import { expect, it } from 'vitest';
import { hasSomethingToCelebrate } from './stories.ts';

it('has something to celebrate with a completed quest or a completed milestone, and not with neither', () => {
  expect(hasSomethingToCelebrate({ completedQuests: 1, completedMilestones: 0 })).toBe(true);
  expect(hasSomethingToCelebrate({ completedQuests: 0, completedMilestones: 1 })).toBe(true);
  expect(hasSomethingToCelebrate({ completedQuests: 0, completedMilestones: 0 })).toBe(false);
});
