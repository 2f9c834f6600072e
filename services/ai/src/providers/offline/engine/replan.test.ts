import type { ReplanSource } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { replanQuest } from './replan.ts';

const ids = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  '33333333-3333-4333-8333-333333333333',
];

/** A 5K quest begun Jan 1, due Mar 2 (60 days, 20 per milestone), the first milestone done. */
function quest(): ReplanSource {
  const goal = {
    id: '44444444-4444-4444-8444-444444444444',
    title: 'Run a 5K',
    deadline: '2026-03-02',
    class_name: 'health',
    foundation: null,
    is_completed: false,
    progress: 33,
    start_date: '2026-01-01',
  };
  const milestone = (i: number, title: string, due: string, done: boolean, xp: number) => ({
    id: ids[i]!,
    goal_id: goal.id,
    title,
    is_completed: done,
    xp_reward: xp,
    due_date: due,
  });
  return {
    goal,
    milestones: [
      milestone(0, 'Run 1K', '2026-01-21', true, 30),
      milestone(1, 'Run 3K', '2026-02-10', false, 40),
      milestone(2, 'Run the 5K', '2026-03-02', false, 50),
    ],
    total_xp: 150,
    early_milestone_bonus: 10,
    logging_daily_bonus: 5,
  };
}

describe('the offline re-plan', () => {
  it('re-dates only the open milestones, keeping their ids, titles and XP, and keeps a deadline that still works', () => {
    // 36 days left for two milestones planned at 20 days each: enough at three quarters of the pace.
    const plan = replanQuest({ quest: quest(), today: '2026-01-25', newDeadline: null, note: null });
    expect(plan.milestones.map((m) => [m.id, m.label, m.xp_reward])).toEqual([
      [ids[1], 'Run 3K', 40],
      [ids[2], 'Run the 5K', 50],
    ]);
    expect(plan.milestones[0]!.due_date).toBe('2026-02-12');
    expect(plan.milestones.at(-1)!.due_date).toBe('2026-03-02');
    expect(plan.reasons.join(' ')).toMatch(/deadline stays/);
    expect(plan.reply).toContain('completed milestone');
  });

  it('moves a deadline that is no longer realistic, and says why', () => {
    const plan = replanQuest({ quest: quest(), today: '2026-02-27', newDeadline: null, note: null });
    const deadline = plan.milestones.at(-1)!.due_date;
    // Two milestones at ¾ of the planned 20 days each: 30 days from today.
    expect(deadline).toBe('2026-03-29');
    expect(plan.reasons.join(' ')).toMatch(/overdue/);
    expect(plan.reasons.join(' ')).toMatch(/no longer realistic/);
    expect(plan.milestones[0]!.due_date > '2026-02-27').toBe(true);
  });

  it('takes the deadline the hero asks for, and more time when the note asks for it', () => {
    const asked = replanQuest({ quest: quest(), today: '2026-02-12', newDeadline: '2026-05-01', note: null });
    expect(asked.milestones.at(-1)!.due_date).toBe('2026-05-01');
    const more = replanQuest({
      quest: quest(),
      today: '2026-02-12',
      newDeadline: null,
      note: 'I need more time',
    });
    expect(more.milestones.at(-1)!.due_date > '2026-03-02').toBe(true);
  });

  it('reads the deadline the hero asks for in the note, and not from an excuse', () => {
    const due = (note: string) =>
      replanQuest({ quest: quest(), today: '2026-02-12', newDeadline: null, note }).milestones.at(-1)!
        .due_date;
    // Counted on from the old deadline, Mar 2.
    expect(due('I need two more months')).toBe('2026-05-02');
    expect(due('another 3 weeks please')).toBe('2026-03-23');
    expect(due('push it back by a month')).toBe('2026-04-02');
    expect(due('can you give me until the end of April?')).toBe('2026-04-30');
    expect(due('push the deadline to May 15')).toBe('2026-05-15');
    expect(due('move it to June')).toBe('2026-06-01');
    // A span that explains the delay asks for no date: the plan's own reckoning stands.
    expect(due('I got sick for three weeks')).toBe(due(''));
  });

  it('merges steps when the deadline the hero asks for leaves too little time for each', () => {
    const plan = replanQuest({ quest: quest(), today: '2026-02-12', newDeadline: '2026-02-22', note: null });
    expect(plan.milestones).toEqual([
      { id: ids[1], label: 'Run 3K and Run the 5K', due_date: '2026-02-22', xp_reward: 90 },
    ]);
    expect(plan.reasons.join(' ')).toMatch(/2 milestones become 1/);
  });

  it('merges or splits when the note asks for it, keeping the XP', () => {
    const merged = replanQuest({
      quest: quest(),
      today: '2026-02-12',
      newDeadline: null,
      note: 'too many steps, combine them',
    });
    expect(merged.milestones).toHaveLength(1);
    expect(merged.milestones[0]).toMatchObject({ id: ids[1], xp_reward: 90 });
    const split = replanQuest({
      quest: quest(),
      today: '2026-02-12',
      newDeadline: null,
      note: 'smaller steps please',
    });
    expect(split.milestones.map((m) => [m.id, m.xp_reward])).toEqual([
      [ids[1], 20],
      [null, 20],
      [ids[2], 50],
    ]);
    const dates = split.milestones.map((m) => m.due_date);
    expect([...dates].sort()).toEqual(dates);
  });
});
