import { AppError } from '@lifequest/platform';
import type { ReplanSource } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { replanDraft, scaled } from './draft.ts';

const goalId = '44444444-4444-4444-8444-444444444444';
const done = '11111111-1111-4111-8111-111111111111';
const open = '22222222-2222-4222-8222-222222222222';
const source: ReplanSource = {
  goal: {
    id: goalId,
    title: 'Run a 5K',
    deadline: '2026-03-01',
    class_name: 'health',
    foundation: null,
    is_completed: false,
    progress: 50,
    category: 'fitness',
    difficulty: 'medium',
    unit: 'km',
    target_value: 5,
    habits: ['Run twice a week'],
  },
  milestones: [
    { id: done, goal_id: goalId, title: 'Run 1K', is_completed: true, xp_reward: 30, due_date: '2026-01-10' },
    {
      id: open,
      goal_id: goalId,
      title: 'Run 5K',
      is_completed: false,
      xp_reward: 70,
      due_date: '2026-02-10',
    },
  ],
  total_xp: 150,
  early_milestone_bonus: 10,
  logging_daily_bonus: 5,
};

describe('replanDraft', () => {
  it('copies the completed milestones from the quest and holds the open XP to what it was', () => {
    const plan = replanDraft(source, {
      reply: 'ok',
      reasons: [],
      milestones: [
        // A model naming the done milestone's id, or an id of nothing, gets a new milestone.
        { id: done, label: 'Run 3K', due_date: '2026-03-10', xp_reward: 50 },
        { id: open, label: 'Run 5K', due_date: '2026-04-10', xp_reward: 50 },
        { id: open, label: 'Celebrate', due_date: '2026-04-11', xp_reward: 0 },
      ],
    });
    expect(plan.goal_id).toBe(goalId);
    expect(plan.milestones).toEqual([
      { id: done, label: 'Run 1K', due_date: '2026-01-10', xp_reward: 30, is_completed: true },
      { label: 'Run 3K', due_date: '2026-03-10', xp_reward: 35, is_completed: false },
      { id: open, label: 'Run 5K', due_date: '2026-04-10', xp_reward: 35, is_completed: false },
      { label: 'Celebrate', due_date: '2026-04-11', xp_reward: 0, is_completed: false },
    ]);
    expect(plan.xp_policy).toEqual({
      total_goal_xp: 150,
      bonuses: { early_milestone: 10, logging_daily: 5 },
    });
    expect(plan.goal).toEqual({
      title: 'Run a 5K',
      category: 'fitness',
      difficulty: 'medium',
      metric: { target_value: 5, unit: 'km' },
    });
  });

  it('refuses dates out of order as the model’s broken answer', () => {
    const broken = () =>
      replanDraft(source, {
        reply: 'ok',
        reasons: [],
        milestones: [
          { id: null, label: 'B', due_date: '2026-04-10', xp_reward: 1 },
          { id: null, label: 'A', due_date: '2026-03-10', xp_reward: 1 },
        ],
      });
    expect(broken).toThrow(AppError);
    try {
      broken();
    } catch (error) {
      expect((error as AppError).code).toBe('AI_OUTPUT_INVALID');
    }
  });
});

describe('scaled', () => {
  it('keeps the proportions and the exact total', () => {
    expect(scaled([1, 1, 1], 100)).toEqual([34, 33, 33]);
    expect(scaled([0, 0], 7)).toEqual([4, 3]);
    expect(scaled([40, 50], 90)).toEqual([40, 50]);
  });
});
