import type { HeroCaller } from '@lifequest/platform/testing';
import type { SkillTreeNode, SkillTreeResponse } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { createGoal, useQuests } from '../testing/test-kit.ts';

const quest = useQuests();

interface QuestSpec {
  title: string;
  foundation?: string;
  /** Milestones in the quest (default: the fallback plan's 3). */
  milestones?: number;
  /** How many of them the hero completes. */
  done?: number;
}

async function build(hero: HeroCaller, quests: QuestSpec[]): Promise<SkillTreeResponse> {
  for (const spec of quests) {
    const body: Record<string, unknown> = { title: spec.title };
    if (spec.milestones) body.milestones = Array.from({ length: spec.milestones }, (_, i) => `Step ${i + 1}`);
    const goal = await createGoal(hero, body);
    if (spec.foundation)
      await hero.patch(`/api/goals/${goal.id}/foundation`, { foundation: spec.foundation });
    for (const m of goal.milestones.slice(0, spec.done ?? 0))
      await hero.post(`/api/milestones/${m.id}/toggle`);
  }
  const res = await hero.get<SkillTreeResponse>('/api/skill-tree');
  expect(res.status).toBe(200);
  return res.body;
}

const node = (tree: SkillTreeResponse, id: string): SkillTreeNode => tree.nodes.find((n) => n.id === id)!;
const oneStep = (title: string, done: boolean): QuestSpec => ({ title, milestones: 1, done: done ? 1 : 0 });

// Each case is a rule of docs/product.md#skill-tree and #foundations and the state it implies.
const cases: {
  rule: string;
  quests: QuestSpec[];
  expected: Record<string, { status: string; progress?: number }>;
}[] = [
  {
    rule: 'with no goals every progress is 0, and only nodes without prerequisites are unlocked',
    quests: [],
    expected: {
      finance_level_1: { status: 'unlocked', progress: 0 },
      health_level_1: { status: 'unlocked', progress: 0 },
      knowledge_level_1: { status: 'unlocked', progress: 0 },
      spirit_level_1: { status: 'unlocked', progress: 0 },
      finance_level_2: { status: 'locked', progress: 0 },
      spirit_level_3: { status: 'locked', progress: 0 },
      master_hero: { status: 'locked', progress: 0 },
    },
  },
  {
    rule: 'a completed milestone in a prerequisite’s discipline unlocks the next levels; progress averages goal and milestone fractions',
    quests: [{ title: 'Save money every week', done: 1 }],
    expected: {
      // goals 0/1, milestones 1/3: (0 + 33.3) / 2
      finance_level_1: { status: 'unlocked', progress: 16 },
      finance_level_2: { status: 'unlocked', progress: 16 },
      finance_level_3: { status: 'unlocked', progress: 16 },
      health_level_2: { status: 'locked', progress: 0 },
    },
  },
  {
    rule: 'a node is mastered at 80% progress: 4 of 5 one-step quests done',
    quests: [1, 2, 3, 4, 5].map((i) => oneStep(`Save $${i}00`, i <= 4)),
    expected: {
      finance_level_1: { status: 'mastered', progress: 80 },
      finance_level_3: { status: 'mastered', progress: 80 },
    },
  },
  {
    rule: 'below 80% a node is not mastered: 3 of 4 one-step quests done',
    quests: [1, 2, 3, 4].map((i) => oneStep(`Save $${i}00`, i <= 3)),
    expected: { finance_level_1: { status: 'unlocked', progress: 75 } },
  },
  {
    rule: 'a completed quest counts fully: goal 1/1 and milestones 3/3',
    quests: [{ title: 'Run a marathon', done: 3 }],
    expected: {
      health_level_1: { status: 'mastered', progress: 100 },
      health_level_3: { status: 'mastered', progress: 100 },
      knowledge_level_2: { status: 'locked', progress: 0 },
    },
  },
  {
    rule: 'the discipline is the foundation when set, whatever the keywords say',
    quests: [{ title: 'Save money', foundation: 'Spirit', done: 1 }],
    expected: {
      spirit_level_2: { status: 'unlocked', progress: 16 },
      finance_level_1: { status: 'unlocked', progress: 0 },
      finance_level_2: { status: 'locked' },
    },
  },
  {
    rule: 'keywords are checked in order Finance, Health, Intelligence, Spirit: a run to save money is Finance',
    quests: [{ title: 'Run less, save more', done: 1 }],
    expected: { finance_level_2: { status: 'unlocked', progress: 16 }, health_level_2: { status: 'locked' } },
  },
  {
    rule: 'a goal no keyword matches is Intelligence',
    quests: [{ title: 'Paint a mural', done: 1 }],
    expected: {
      knowledge_level_2: { status: 'unlocked', progress: 16 },
      spirit_level_2: { status: 'locked' },
    },
  },
  {
    rule: 'the master node needs the level-3 nodes of all four disciplines: three are not enough',
    quests: [
      { title: 'Budget monthly', done: 1 },
      { title: 'Gym twice a week', done: 1 },
      { title: 'Read a book a month', done: 1 },
      { title: 'Meditate daily' },
    ],
    expected: { master_hero: { status: 'locked', progress: 12 } },
  },
  {
    rule: 'the master node counts all goals and milestones, and unlocks with all four disciplines',
    quests: [
      { title: 'Budget monthly', done: 1 },
      { title: 'Gym twice a week', done: 1 },
      { title: 'Read a book a month', done: 1 },
      { title: 'Meditate daily', done: 1 },
    ],
    // goals 0/4, milestones 4/12
    expected: { master_hero: { status: 'unlocked', progress: 16 } },
  },
];

describe('GET /api/skill-tree: the rules of the skill tree', () => {
  it.each(cases)('$rule', async ({ quests, expected }) => {
    const tree = await build(quest.hero(), quests);
    for (const [id, want] of Object.entries(expected)) {
      expect(node(tree, id)).toMatchObject({ id, ...want });
    }
    expect(tree.counters).toEqual({
      mastered: tree.nodes.filter((n) => n.status === 'mastered').length,
      unlocked: tree.nodes.filter((n) => n.status !== 'locked').length,
      total: 13,
    });
  });
});

describe('GET /api/skill-tree: the 13 nodes and their constants', () => {
  it('has the 13 nodes with their discipline, level, prerequisites, XP reward, position and tooltip', async () => {
    const tree = await build(quest.hero(), []);
    expect(tree.nodes.map((n) => n.id)).toEqual([
      'finance_level_1',
      'finance_level_2',
      'finance_level_3',
      'health_level_1',
      'health_level_2',
      'health_level_3',
      'knowledge_level_1',
      'knowledge_level_2',
      'knowledge_level_3',
      'spirit_level_1',
      'spirit_level_2',
      'spirit_level_3',
      'master_hero',
    ]);
    expect(tree.counters).toEqual({ mastered: 0, unlocked: 4, total: 13 });
    expect(node(tree, 'knowledge_level_2')).toMatchObject({
      discipline: 'Intelligence',
      level: 2,
      prerequisites: ['knowledge_level_1'],
      xpReward: 300,
      position: { x: 520, y: 220 },
      relatedGoals: [],
    });
    expect(node(tree, 'finance_level_2').benchmark?.benchmark).toBe('An emergency fund of at least $10,000');
    expect(node(tree, 'spirit_level_3')).toMatchObject({ xpReward: 500, position: { x: 720, y: 360 } });
    expect(node(tree, 'health_level_1')).toMatchObject({ xpReward: 200, position: { x: 320, y: 80 } });
    const master = node(tree, 'master_hero');
    expect(master).toMatchObject({
      discipline: 'All',
      level: 4,
      xpReward: 1000,
      position: { x: 420, y: 500 },
      prerequisites: ['finance_level_3', 'health_level_3', 'knowledge_level_3', 'spirit_level_3'],
    });
    expect(master.benchmark).toBeUndefined();
    for (const n of tree.nodes) expect(n.title.length * n.description.length).toBeGreaterThan(0);
  });

  it('lists each discipline’s related goals, completed ones marked, and only the hero’s own', async () => {
    const hero = quest.hero();
    const tree = await build(hero, [{ title: 'Run a 10K', done: 3 }, { title: 'Lift weights at the gym' }]);
    await build(quest.hero(), [{ title: 'Someone else’s run' }]);
    expect(node(tree, 'health_level_2').relatedGoals).toMatchObject([
      { title: 'Run a 10K', is_completed: true },
      { title: 'Lift weights at the gym', is_completed: false },
    ]);
    expect(node(tree, 'master_hero').relatedGoals).toHaveLength(2);
    expect(node(tree, 'finance_level_1').relatedGoals).toEqual([]);
  });
});
