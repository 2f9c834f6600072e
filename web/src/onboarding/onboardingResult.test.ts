import { describe, expect, it } from 'vitest';
import { buildOnboardingResult, firstQuestFrom } from './onboardingResult.ts';
import { EMPTY_SMART_GOAL } from './pathfinderTypes.ts';

describe('buildOnboardingResult', () => {
  it('trims the name, uses the general class and numbers the milestones', () => {
    const result = buildOnboardingResult('  Aria ', {
      title: 'Read 12 books',
      deadline: '2026-12-31T00:00:00.000Z',
      milestones: ['Read 3 books', '  ', 'Read 6 books'],
    });
    expect(result).toEqual({
      displayName: 'Aria',
      primaryClass: 'general',
      firstGoal: {
        title: 'Read 12 books',
        deadline: '2026-12-31',
        className: 'general',
        milestones: [
          { id: 'milestone-1', title: 'Read 3 books', completed: false },
          { id: 'milestone-2', title: 'Read 6 books', completed: false },
        ],
      },
    });
  });

  it('drops a deadline it cannot read instead of failing the setup', () => {
    const result = buildOnboardingResult('Aria', {
      title: 'Learn chess',
      deadline: 'someday',
      milestones: [],
    });
    expect(result.firstGoal?.deadline).toBeNull();
  });

  it('sends no first goal when the conversation produced none', () => {
    expect(buildOnboardingResult('Aria', null).firstGoal).toBeNull();
  });
});

describe('firstQuestFrom', () => {
  it("prefers The Pathfinder's final goal, else the specific aim", () => {
    const finalGoal = { title: 'Run a 5K', deadline: null, milestones: [] };
    expect(firstQuestFrom(finalGoal, EMPTY_SMART_GOAL)).toBe(finalGoal);
    expect(firstQuestFrom(null, { ...EMPTY_SMART_GOAL, specific: ' Learn to swim ' })).toEqual({
      title: 'Learn to swim',
      deadline: null,
      milestones: [],
    });
    expect(firstQuestFrom(null, EMPTY_SMART_GOAL)).toBeNull();
  });
});
