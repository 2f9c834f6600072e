import { describe, expect, it } from 'vitest';
import {
  decideToggle,
  earlyBonus,
  type LockedQuest,
  offeredBonus,
  type QuestMilestone,
  type ToggleRead,
} from './toggle.ts';

describe('the early_milestone rule', () => {
  it.each([
    ['2026-03-10', '2026-03-09', 10, 40, 10],
    ['2026-03-10', '2026-03-10', 10, 40, 0],
    ['2026-03-10', '2026-03-11', 10, 40, 0],
    [null, '2026-03-09', 10, 40, 0],
    ['2026-03-10', '2026-03-09', 0, 40, 0],
    // Never more than the milestone's own reward: a 0-XP milestone earns no bonus.
    ['2026-03-10', '2026-03-09', 100, 30, 30],
    ['2026-03-10', '2026-03-09', 100, 0, 0],
  ])('due %s, completed %s, bonus %i, reward %i: earns %i', (due, on, bonus, reward, earned) => {
    expect(earlyBonus(due, on, bonus, reward)).toBe(earned);
  });
});

const HERO = 'hero-1';
const NOW = new Date('2026-03-05T12:00:00Z');

const quest = (over: Partial<LockedQuest> = {}): LockedQuest => ({
  id: 'quest-1',
  title: 'Learn Spanish',
  class_name: 'education',
  foundation: 'Mind',
  is_completed: false,
  total_xp: 200,
  completion_bonus: 50,
  early_bonus: 20,
  version: 3,
  ...over,
});

const milestone = (id: string, over: Partial<QuestMilestone> = {}): QuestMilestone => ({
  id,
  title: `Milestone ${id}`,
  due_date: null,
  is_completed: false,
  xp_reward: 50,
  xp_awarded: 0,
  version: 0,
  ...over,
});

/** The read of a toggle of `milestones[0]`. */
const read = (
  milestones: QuestMilestone[],
  over: { quest?: Partial<LockedQuest>; bonusRoom?: number | null } = {},
): ToggleRead => ({
  quest: quest(over.quest),
  milestones,
  milestone: milestones[0]!,
  now: NOW,
  bonusRoom: over.bonusRoom ?? null,
});

interface Case {
  name: string;
  read: ToggleRead;
  /** The milestone's xp_awarded after the toggle. */
  xpAwarded: number;
  xpDelta: number;
  /** The quest's completion when it changes; undefined: unchanged. */
  questDone?: boolean;
  progress: number;
  events: string[];
  xpBonus?: number;
}

const CASES: Case[] = [
  {
    name: 'completes an open milestone, not the last: its reward, the quest stays open',
    read: read([milestone('a'), milestone('b')]),
    xpAwarded: 50,
    xpDelta: 50,
    progress: 50,
    events: ['milestone.completed'],
    xpBonus: 0,
  },
  {
    name: 'reopens a completed milestone: takes back what it was awarded, bonus included',
    read: read([milestone('a', { is_completed: true, xp_awarded: 70, version: 1 }), milestone('b')]),
    xpAwarded: 0,
    xpDelta: -70,
    progress: 0,
    events: ['milestone.reopened'],
  },
  {
    name: 'completes early with room to spare: the whole early bonus on top of the reward',
    read: read([milestone('a', { due_date: '2026-03-10' }), milestone('b')], { bonusRoom: 500 }),
    xpAwarded: 70,
    xpDelta: 70,
    progress: 50,
    events: ['milestone.completed'],
    xpBonus: 20,
  },
  {
    name: 'completes early with little room: the bonus cut to what the 1,000 XP cap leaves',
    read: read([milestone('a', { due_date: '2026-03-10' }), milestone('b')], { bonusRoom: 5 }),
    xpAwarded: 55,
    xpDelta: 55,
    progress: 50,
    events: ['milestone.completed'],
    xpBonus: 5,
  },
  {
    name: 'completes early once the cap is reached: no bonus at all',
    read: read([milestone('a', { due_date: '2026-03-10' }), milestone('b')], { bonusRoom: 0 }),
    xpAwarded: 50,
    xpDelta: 50,
    progress: 50,
    events: ['milestone.completed'],
    xpBonus: 0,
  },
  {
    name: 'completes on its due date: on time, not early',
    read: read([milestone('a', { due_date: '2026-03-05' }), milestone('b')]),
    xpAwarded: 50,
    xpDelta: 50,
    progress: 50,
    events: ['milestone.completed'],
    xpBonus: 0,
  },
  {
    name: 'completes the last open milestone: the quest completes with its completion bonus',
    read: read([milestone('a'), milestone('b', { is_completed: true, xp_awarded: 50, version: 1 })]),
    xpAwarded: 50,
    xpDelta: 100,
    questDone: true,
    progress: 100,
    events: ['milestone.completed', 'goal.completed'],
    xpBonus: 0,
  },
  {
    name: 'reopens a milestone of a completed quest: the quest reopens and its completion bonus goes back',
    read: read(
      [
        milestone('a', { is_completed: true, xp_awarded: 50, version: 1 }),
        milestone('b', { is_completed: true, xp_awarded: 50, version: 1 }),
      ],
      { quest: { is_completed: true } },
    ),
    xpAwarded: 0,
    xpDelta: -100,
    questDone: false,
    progress: 50,
    events: ['milestone.reopened', 'goal.reopened'],
  },
];

describe('deciding a toggle', () => {
  it.each(CASES)('$name', (c) => {
    const decision = decideToggle(c.read, HERO);
    const completing = !c.read.milestone.is_completed;
    expect(decision.milestone).toEqual({
      id: 'a',
      isCompleted: completing,
      completedAt: completing ? NOW : null,
      xpAwarded: c.xpAwarded,
      version: c.read.milestone.version + 1,
    });
    expect(decision.quest).toEqual(
      c.questDone === undefined
        ? null
        : { id: 'quest-1', isCompleted: c.questDone, completedAt: c.questDone ? NOW : null, version: 4 },
    );
    expect(decision.result.xpDelta).toBe(c.xpDelta);
    expect(decision.result.goal).toEqual({
      id: 'quest-1',
      progress: c.progress,
      is_completed: c.questDone ?? c.read.quest.is_completed,
    });
    expect(decision.result.milestone).toMatchObject({
      id: 'a',
      goal_id: 'quest-1',
      is_completed: completing,
    });
    expect(decision.events.map((e) => e.name)).toEqual(c.events);
    const [first] = decision.events;
    if (first?.name === 'milestone.completed') expect(first.payload.xpBonus).toBe(c.xpBonus);
  });

  it('records the events with the versions the write gives the rows', () => {
    const decision = decideToggle(
      read([milestone('a', { version: 6 })], { quest: { version: 9, foundation: null } }),
      HERO,
    );
    expect(decision.events).toEqual([
      {
        name: 'milestone.completed',
        payload: {
          milestoneId: 'a',
          goalId: 'quest-1',
          userId: HERO,
          title: 'Milestone a',
          goalTitle: 'Learn Spanish',
          xpReward: 50,
          xpBonus: 0,
          version: 7,
          className: 'education',
          foundation: null,
        },
      },
      {
        name: 'goal.completed',
        payload: {
          goalId: 'quest-1',
          userId: HERO,
          title: 'Learn Spanish',
          version: 10,
          foundation: null,
          className: 'education',
          xpBonus: 50,
        },
      },
    ]);
  });

  it('offers an early bonus only to a completion, and will not decide one without the room read', () => {
    const early = milestone('a', { due_date: '2026-03-10' });
    expect(offeredBonus(quest(), early, NOW)).toBe(20);
    expect(offeredBonus(quest(), { ...early, is_completed: true }, NOW)).toBe(0);
    expect(() => decideToggle(read([early]), HERO)).toThrow(/read the room/);
  });
});
