import { describe, expect, it } from 'vitest';
import { isQuestBehind, type PacedQuest, questBehind } from './behind.ts';

const quest = (overrides: Partial<PacedQuest> = {}): PacedQuest => ({
  is_completed: false,
  start_date: '2026-01-01',
  deadline: '2026-04-01',
  milestones: [
    { is_completed: false, due_date: '2026-02-01' },
    { is_completed: false, due_date: '2026-03-01' },
    { is_completed: false, due_date: '2026-04-01' },
  ],
  ...overrides,
});

describe('questBehind', () => {
  it('is not behind on its first days, with nothing due yet', () => {
    expect(questBehind(quest(), '2026-01-02')).toBeNull();
    expect(questBehind(quest(), '2026-01-30')).toBeNull();
  });

  it('is behind once its next open milestone is overdue', () => {
    expect(questBehind(quest(), '2026-02-02')).toBe('overdue');
  });

  it('is behind on pace when fewer milestones are done than an even pace would have done', () => {
    // Undated milestones: only the pace can tell. 90 days, 3 milestones: one is expected by day 30.
    const undated = quest({
      milestones: [
        { is_completed: false, due_date: null },
        { is_completed: false, due_date: null },
        { is_completed: false, due_date: null },
      ],
    });
    expect(questBehind(undated, '2026-01-30')).toBeNull();
    expect(questBehind(undated, '2026-02-01')).toBe('pace');
    const oneDone = {
      ...undated,
      milestones: [{ is_completed: true, due_date: null }, ...undated.milestones.slice(1)],
    };
    expect(questBehind(oneDone, '2026-02-01')).toBeNull();
    expect(questBehind(oneDone, '2026-03-05')).toBe('pace');
  });

  it('keeps up when the done milestones match the time gone', () => {
    const q = quest({
      milestones: [
        { is_completed: true, due_date: '2026-02-01' },
        { is_completed: false, due_date: '2026-03-01' },
        { is_completed: false, due_date: '2026-04-01' },
      ],
    });
    expect(isQuestBehind(q, '2026-02-20')).toBe(false);
    expect(isQuestBehind(q, '2026-03-02')).toBe(true);
  });

  it('is never behind when completed or every milestone is done', () => {
    expect(questBehind(quest({ is_completed: true }), '2026-06-01')).toBeNull();
    expect(
      questBehind(quest({ milestones: [{ is_completed: true, due_date: '2026-02-01' }] }), '2026-06-01'),
    ).toBeNull();
  });

  it('without a deadline only an overdue milestone counts', () => {
    expect(
      questBehind(
        quest({ deadline: null, milestones: [{ is_completed: false, due_date: null }] }),
        '2030-01-01',
      ),
    ).toBeNull();
    expect(questBehind(quest({ deadline: null }), '2026-02-02')).toBe('overdue');
  });
});
