import type { Plan } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import type { GoalStatement } from './goal-statements.ts';
import { sameUnit, scoreStatement, titleHolds } from './score.ts';

function plan(
  category: Plan['goal']['category'],
  value: number | null,
  unit: string | null,
  due: string,
): Plan {
  return {
    goal: { title: 'A quest', category, difficulty: 'medium', metric: { target_value: value, unit } },
    milestones: [
      { label: 'Halfway', due_date: '2026-02-01', xp_reward: 100 },
      { label: 'Done', due_date: due, xp_reward: 200 },
    ],
    xp_policy: { total_goal_xp: 300, bonuses: { early_milestone: 30, logging_daily: 5 } },
    habits: [],
  };
}

const steps: GoalStatement = {
  text: 'walk 10,000 steps a day for 6 weeks',
  category: 'fitness',
  target: { value: 10000, unit: 'steps/day' },
  deadline: '2026-02-26',
};

describe('scoreStatement', () => {
  it('takes the deadline from the last milestone and checks all four facts', () => {
    expect(scoreStatement(steps, plan('fitness', 10000, 'steps per day', '2026-02-26')).right).toEqual({
      category: true,
      targetValue: true,
      unit: true,
      deadline: true,
    });
  });

  it('counts every fact wrong when there is no plan', () => {
    expect(Object.values(scoreStatement(steps, null).right)).toEqual([false, false, false, false]);
  });

  it('marks the sum of all the days wrong for a per-day habit', () => {
    const scored = scoreStatement(steps, plan('fitness', 420000, 'steps', '2026-02-26'));
    expect(scored.right).toMatchObject({ targetValue: false, unit: true });
  });

  it('allows a day either side of the deadline and no more', () => {
    expect(scoreStatement(steps, plan('fitness', 10000, 'steps/day', '2026-02-27')).right.deadline).toBe(
      true,
    );
    expect(scoreStatement(steps, plan('fitness', 10000, 'steps/day', '2026-02-28')).right.deadline).toBe(
      false,
    );
  });

  it('accepts no metric, percent done or the one thing for a goal without a number, and nothing invented', () => {
    const course: GoalStatement = {
      text: 'finish the CS50 course by 30 April',
      category: 'education',
      target: null,
      deadline: '2026-04-30',
    };
    for (const [value, unit] of [
      [null, null],
      [100, '%'],
      [1, 'course'],
    ] as const) {
      expect(scoreStatement(course, plan('education', value, unit, '2026-04-30')).right.targetValue).toBe(
        true,
      );
    }
    expect(scoreStatement(course, plan('education', 12, 'lessons', '2026-04-30')).right).toMatchObject({
      targetValue: false,
      unit: false,
    });
  });
});

describe('advice and titles', () => {
  const advice: GoalStatement = {
    text: 'I keep skipping my runs, any advice?',
    category: 'fitness',
    target: null,
    deadline: '',
    answer: true,
  };

  it('scores an answer on its intent alone: no plan is right, a plan is wrong', () => {
    expect(scoreStatement(advice, null).right).toEqual({ intent: true });
    expect(scoreStatement(advice, plan('fitness', 3, 'times/week', '2026-03-01')).right).toEqual({
      intent: false,
    });
  });

  it('scores the title only where the statement names what it must hold', () => {
    expect(scoreStatement(steps, plan('fitness', 10000, 'steps/day', '2026-02-26')).right).not.toHaveProperty(
      'title',
    );
    const ride = { ...steps, title: ['ride'] };
    expect(scoreStatement(ride, plan('fitness', 10000, 'steps/day', '2026-02-26')).right.title).toBe(false);
  });

  it('wants the named words in a title that reads as one', () => {
    expect(titleHolds('Ride 100 km on my road bike', ['ride', 'road bike'])).toBe(true);
    expect(titleHolds('Run 100 km', ['ride'])).toBe(false);
    expect(titleHolds('I would like to read 12 books', ['read'])).toBe(false);
    expect(titleHolds('Save $2,000 for a trip to Japan by next', ['Japan'])).toBe(false);
    expect(titleHolds('Launch my dog walking website', ['dog-walking'])).toBe(true);
  });
});

describe('sameUnit', () => {
  it('matches units by meaning, not spelling', () => {
    expect(sameUnit('kilograms', 'kg')).toBe(true);
    expect(sameUnit('USD', '$')).toBe(true);
    expect(sameUnit('pounds', 'lb')).toBe(true);
    expect(sameUnit('pounds', '£')).toBe(true);
    expect(sameUnit('posts', 'blog posts')).toBe(true);
    expect(sameUnit('spanish words', 'words')).toBe(true);
    expect(sameUnit('minutes per day', 'minutes/day')).toBe(true);
    expect(sameUnit('hours a night', 'hours/night')).toBe(true);
    expect(sameUnit('days a week', 'times/week')).toBe(true);
  });

  it('keeps different units and periods apart', () => {
    expect(sameUnit('lb', '£')).toBe(false);
    expect(sameUnit('km', 'mi')).toBe(false);
    expect(sameUnit('books', 'pages')).toBe(false);
    expect(sameUnit('minutes/week', 'minutes/day')).toBe(false);
    expect(sameUnit('steps/day', 'steps')).toBe(false);
    expect(sameUnit(null, 'kg')).toBe(false);
  });
});
