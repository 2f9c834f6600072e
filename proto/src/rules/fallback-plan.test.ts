import { describe, expect, it } from 'vitest';
import { FALLBACK_GOAL_TITLE, FALLBACK_PLAN, fallbackGoalPlan } from './fallback-plan.ts';

describe('the floating chat fallback goal', () => {
  const plan = fallbackGoalPlan('Learn Spanish', '2026-01-15');

  it('targets 90 days out', () => {
    expect(plan.targetDate).toBe('2026-04-15');
  });

  it('is worth 100 XP, shared 25 / 25 / 50 by milestones at 30, 60 and 90 days', () => {
    expect(plan.xpTotal).toBe(100);
    expect(plan.milestones.map(({ dueDate, xpReward }) => [dueDate, xpReward])).toEqual([
      ['2026-02-14', 25],
      ['2026-03-16', 25],
      ['2026-04-15', 50],
    ]);
    expect(plan.milestones.reduce((sum, milestone) => sum + milestone.xpReward, 0)).toBe(plan.xpTotal);
  });

  it('ends its last milestone on the target date', () => {
    expect(plan.milestones.at(-1)?.dueDate).toBe(plan.targetDate);
  });

  it('keeps the hero’s title, or names an untitled quest', () => {
    expect(plan.title).toBe('Learn Spanish');
    expect(fallbackGoalPlan('   ', '2026-01-15').title).toBe(FALLBACK_GOAL_TITLE);
  });

  it('names its checkpoints by month, as they fall a month apart', () => {
    expect(plan.milestones.map((m) => m.title)).toEqual([
      'Month 1: lay the groundwork',
      'Month 2: build momentum',
      'Month 3: complete the quest',
    ]);
  });

  it('has titles for checkpoints scaled to another deadline that promise no month', () => {
    const scaled = FALLBACK_PLAN.milestones.map((m) => m.scaledTitle);
    expect(scaled).toEqual([
      'First third: lay the groundwork',
      'Second third: build momentum',
      'Final third: complete the quest',
    ]);
    for (const title of scaled) expect(title).not.toMatch(/month/i);
  });

  it('counts from the UTC day of an injected Date', () => {
    expect(fallbackGoalPlan('Run', new Date('2026-01-15T23:30:00Z')).targetDate).toBe('2026-04-15');
  });
});
