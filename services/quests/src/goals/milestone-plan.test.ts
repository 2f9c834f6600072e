import { daysBetween } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { fallbackMilestones, planSuggestedMilestones, spreadDueDates, spreadXp } from './milestone-plan.ts';

describe('spreadXp', () => {
  it.each([
    [100, 3, [33, 33, 34]],
    [100, 4, [25, 25, 25, 25]],
    [10, 4, [2, 2, 2, 4]],
    [0, 2, [0, 0]],
    [100, 0, []],
  ])('splits %i XP over %i milestones as %j, adding up to the total', (total, count, shares) => {
    expect(spreadXp(total, count)).toEqual(shares);
    expect(spreadXp(total, count).reduce((a, b) => a + b, 0)).toBe(count === 0 ? 0 : total);
  });
});

describe('spreadDueDates', () => {
  it('spaces milestones evenly and puts the last on the deadline', () => {
    expect(spreadDueDates('2026-01-01', '2026-01-31', 3)).toEqual(['2026-01-11', '2026-01-21', '2026-01-31']);
  });

  it('puts every milestone on a deadline that is today or past', () => {
    expect(spreadDueDates('2026-01-10', '2026-01-05', 2)).toEqual(['2026-01-10', '2026-01-10']);
  });
});

describe('fallbackMilestones (docs/product.md#xp-rules)', () => {
  it('without a deadline is 90 days out with 25, 25 and 50 XP at 30, 60 and 90 days', () => {
    const plan = fallbackMilestones('Learn Spanish', '2026-03-01', null);
    expect(plan.deadline).toBe('2026-05-30');
    expect(daysBetween('2026-03-01', plan.deadline)).toBe(90);
    expect(plan.milestones.map((m) => [daysBetween('2026-03-01', m.dueDate!), m.xpReward])).toEqual([
      [30, 25],
      [60, 25],
      [90, 50],
    ]);
  });

  it('scales the checkpoints to a given deadline and the XP to a given total', () => {
    const plan = fallbackMilestones('Run a 5K', '2026-03-01', '2026-03-31', 200);
    expect(plan.deadline).toBe('2026-03-31');
    expect(plan.milestones.map((m) => m.dueDate)).toEqual(['2026-03-11', '2026-03-21', '2026-03-31']);
    expect(plan.milestones.map((m) => m.xpReward)).toEqual([50, 50, 100]);
  });

  it('keeps the fallback plan’s month titles when the checkpoints are a month apart', () => {
    const titles = ['Month 1: lay the groundwork', 'Month 2: build momentum', 'Month 3: complete the quest'];
    expect(fallbackMilestones('x', '2026-03-01', null).milestones.map((m) => m.title)).toEqual(titles);
    expect(fallbackMilestones('x', '2026-03-01', '2026-05-30').milestones.map((m) => m.title)).toEqual(
      titles,
    );
  });

  it('names checkpoints scaled to another deadline by their third of the way, not by month', () => {
    // 192 days out: the first checkpoint falls on day 64, the second on day 128.
    const plan = fallbackMilestones('Learn Spanish', '2026-03-01', '2026-09-09');
    expect(plan.milestones.map((m) => [daysBetween('2026-03-01', m.dueDate!), m.title])).toEqual([
      [64, 'First third: lay the groundwork'],
      [128, 'Second third: build momentum'],
      [192, 'Final third: complete the quest'],
    ]);
    const short = fallbackMilestones('Run a 5K', '2026-03-01', '2026-03-31');
    expect(short.milestones.map((m) => m.title)).toEqual([
      'First third: lay the groundwork',
      'Second third: build momentum',
      'Final third: complete the quest',
    ]);
  });

  it('keeps the XP total exact when the shares do not divide evenly', () => {
    const plan = fallbackMilestones('x', '2026-03-01', null, 99);
    expect(plan.milestones.reduce((sum, m) => sum + m.xpReward, 0)).toBe(99);
  });
});

describe('planSuggestedMilestones (the floating chat)', () => {
  const m = (title: string, dueDate: string | null = null, xpReward: number | null = null) => ({
    title,
    dueDate,
    xpReward,
  });

  it('spreads the xpTotal over milestones without XP and dates them towards the deadline', () => {
    const plan = planSuggestedMilestones([m('a'), m('b')], '2026-01-01', '2026-01-21', 60);
    expect(plan.milestones).toEqual([
      { title: 'a', dueDate: '2026-01-11', xpReward: 30 },
      { title: 'b', dueDate: '2026-01-21', xpReward: 30 },
    ]);
    expect(plan.completionBonusXp).toBe(0);
  });

  it('keeps given XP and dates, and what the total leaves over becomes the completion bonus', () => {
    const plan = planSuggestedMilestones(
      [m('a', '2026-02-01', 10), m('b', '2026-03-01', 20)],
      '2026-01-01',
      null,
      50,
    );
    expect(plan.deadline).toBe('2026-03-01');
    expect(plan.milestones.map((x) => x.xpReward)).toEqual([10, 20]);
    expect(plan.completionBonusXp).toBe(20);
  });

  it('without a total, spreads 100 XP and the deadline is 90 days out', () => {
    const plan = planSuggestedMilestones([m('a'), m('b'), m('c')], '2026-01-01', null, null);
    expect(plan.deadline).toBe('2026-04-01');
    expect(plan.milestones.map((x) => x.xpReward)).toEqual([33, 33, 34]);
    expect(plan.completionBonusXp).toBe(0);
  });
});
