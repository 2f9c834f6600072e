import { describe, expect, it } from 'vitest';
import type { Foundation } from './discipline.ts';
import type { SkillNodeId } from './skill-nodes.ts';
import {
  computeSkillTree,
  countSkills,
  type SkillTree,
  type SkillTreeGoal,
  type SkillTreeMilestone,
} from './skill-tree.ts';

let nextId = 0;
function goal(
  foundation: Foundation,
  is_completed = false,
  title = `${foundation} quest`,
): SkillTreeGoal<number> {
  nextId++;
  return { id: nextId, title, class_name: 'general', foundation, is_completed };
}
function milestonesOf(g: { id: number }, completed: number, open: number): SkillTreeMilestone<number>[] {
  return [
    ...Array.from({ length: completed }, () => ({ goal_id: g.id, is_completed: true })),
    ...Array.from({ length: open }, () => ({ goal_id: g.id, is_completed: false })),
  ];
}
function node<Id extends string | number>(tree: SkillTree<Id>, id: SkillNodeId) {
  const found = tree.nodes.find((candidate) => candidate.id === id);
  if (!found) throw new Error(id);
  return found;
}

interface Case {
  goals: SkillTreeGoal<number>[];
  milestones: SkillTreeMilestone<number>[];
  id: SkillNodeId;
  progress: number;
  status: 'mastered' | 'unlocked' | 'locked';
}

function scenario(build: () => Omit<Case, 'id' | 'progress' | 'status'>) {
  return build();
}

const financeHalfAndThreeQuarters = scenario(() => {
  const done = goal('Finance', true);
  const open = goal('Finance');
  return { goals: [done, open], milestones: [...milestonesOf(done, 2, 0), ...milestonesOf(open, 1, 1)] };
});
const financeGoalsOnly = scenario(() => ({
  goals: [goal('Finance', true), goal('Finance'), goal('Finance'), goal('Finance')],
  milestones: [],
}));
const nothing = { goals: [], milestones: [] };
const healthMilestoneDoneGoalOpen = scenario(() => {
  const g = goal('Health');
  return { goals: [g], milestones: milestonesOf(g, 1, 3) };
});
const spiritNothingDone = scenario(() => {
  const g = goal('Spirit');
  return { goals: [g], milestones: milestonesOf(g, 0, 2) };
});
const fourOfFiveFinance = scenario(() => ({
  goals: [
    goal('Finance', true),
    goal('Finance', true),
    goal('Finance', true),
    goal('Finance', true),
    goal('Finance'),
  ],
  milestones: [],
}));
const justUnderMastery = scenario(() => {
  // Goals 3/5 = 60%, milestones 99/100 = 99%: the average is 79.5%, which is not yet 80%.
  const goals = [
    goal('Health', true),
    goal('Health', true),
    goal('Health', true),
    goal('Health'),
    goal('Health'),
  ];
  return { goals, milestones: milestonesOf(goals[3]!, 99, 1) };
});
const oneCompletionPerDiscipline = scenario(() => ({
  goals: [
    goal('Finance', true),
    goal('Health', true),
    goal('Intelligence', true),
    goal('Spirit', true),
    goal('Spirit'),
  ],
  milestones: [],
}));
const threeOfFourDisciplines = scenario(() => ({
  goals: [goal('Finance', true), goal('Health', true), goal('Intelligence', true), goal('Spirit')],
  milestones: [],
}));
const onlyFinanceAllDone = scenario(() => {
  const g = goal('Finance', true);
  return { goals: [g], milestones: milestonesOf(g, 3, 0) };
});
const mixedForMaster = scenario(() => {
  // All goals: 1 of 4 complete = 25%. All milestones: 2 of 4 complete = 50%. Master: 37.5% -> 37.
  const f = goal('Finance', true);
  const h = goal('Health');
  return {
    goals: [f, h, goal('Intelligence'), goal('Spirit')],
    milestones: [...milestonesOf(f, 1, 1), ...milestonesOf(h, 1, 1)],
  };
});

describe('skill tree rules (docs/product.md#skill-tree)', () => {
  it.each<[string, Case]>([
    [
      'progress is the average of the completed-goal and completed-milestone fractions (50% and 75% give 62)',
      { ...financeHalfAndThreeQuarters, id: 'finance_level_1', progress: 62, status: 'unlocked' },
    ],
    [
      'with only goals, the goal fraction is used alone (1 of 4 goals gives 25)',
      { ...financeGoalsOnly, id: 'finance_level_1', progress: 25, status: 'unlocked' },
    ],
    [
      'with no goals and no milestones, progress is 0',
      { ...nothing, id: 'health_level_1', progress: 0, status: 'unlocked' },
    ],
    [
      'a discipline with nothing in it stays at 0 while others progress',
      { ...financeGoalsOnly, id: 'spirit_level_1', progress: 0, status: 'unlocked' },
    ],
    [
      'the master node counts all goals and milestones (25% of goals, 50% of milestones give 37)',
      { ...mixedForMaster, id: 'master_hero', progress: 37, status: 'locked' },
    ],
    [
      'a node with no prerequisites is unlocked even with no goals at all',
      { ...nothing, id: 'knowledge_level_1', progress: 0, status: 'unlocked' },
    ],
    [
      'a level-2 node is unlocked once its discipline has a completed goal',
      { ...financeGoalsOnly, id: 'finance_level_2', progress: 25, status: 'unlocked' },
    ],
    [
      'a level-3 node unlocks on the same condition: its prerequisite has the same discipline',
      { ...financeGoalsOnly, id: 'finance_level_3', progress: 25, status: 'unlocked' },
    ],
    [
      'a completed milestone unlocks too, even when its goal is still open',
      { ...healthMilestoneDoneGoalOpen, id: 'health_level_2', progress: 12, status: 'unlocked' },
    ],
    [
      'open goals and open milestones alone leave a level-2 node locked',
      { ...spiritNothingDone, id: 'spirit_level_2', progress: 0, status: 'locked' },
    ],
    [
      'with nothing completed, level 3 is locked',
      { ...nothing, id: 'knowledge_level_3', progress: 0, status: 'locked' },
    ],
    [
      'completions in another discipline do not unlock this one',
      { ...financeGoalsOnly, id: 'health_level_2', progress: 0, status: 'locked' },
    ],
    [
      'a skill is mastered at exactly 80% progress',
      { ...fourOfFiveFinance, id: 'finance_level_1', progress: 80, status: 'mastered' },
    ],
    [
      'mastery applies to every level of the column, since they share one discipline',
      { ...fourOfFiveFinance, id: 'finance_level_3', progress: 80, status: 'mastered' },
    ],
    [
      '79.5% is not yet mastered: progress rounds down',
      { ...justUnderMastery, id: 'health_level_1', progress: 79, status: 'unlocked' },
    ],
    [
      'the master node unlocks when each of the four disciplines has a completion',
      { ...oneCompletionPerDiscipline, id: 'master_hero', progress: 80, status: 'mastered' },
    ],
    [
      'the master node stays locked while one discipline has no completion',
      { ...threeOfFourDisciplines, id: 'master_hero', progress: 75, status: 'locked' },
    ],
    [
      'a mastered node is never locked ("Locked: anything else"), even master_hero with prerequisites unmet',
      { ...onlyFinanceAllDone, id: 'master_hero', progress: 100, status: 'mastered' },
    ],
  ])('%s', (_rule, { goals, milestones, id, progress, status }) => {
    const result = node(computeSkillTree(goals, milestones), id);
    expect({ progress: result.progress, status: result.status }).toEqual({ progress, status });
  });
});

describe('the computed skill tree', () => {
  it('returns all 13 nodes with their definitions', () => {
    const tree = computeSkillTree([], []);
    expect(tree.nodes).toHaveLength(13);
    expect(node(tree, 'master_hero')).toMatchObject({ xpReward: 1000, position: { x: 420, y: 500 } });
  });

  it('counts a milestone under its goal’s discipline, not under its own wording', () => {
    const g = goal('Spirit', false, 'Save money');
    const tree = computeSkillTree([g], milestonesOf(g, 1, 0));
    expect(node(tree, 'spirit_level_1').progress).toBe(50);
    expect(node(tree, 'finance_level_1').progress).toBe(0);
  });

  it('classifies goals without a foundation by keywords', () => {
    const g: SkillTreeGoal<string> = {
      id: 'a',
      title: 'Run a 5k',
      class_name: 'general',
      foundation: '',
      is_completed: true,
    };
    const tree = computeSkillTree([g], []);
    expect(node(tree, 'health_level_1').progress).toBe(100);
  });

  it('leaves out milestones whose goal is not in the list', () => {
    const g = goal('Finance', true);
    const tree = computeSkillTree([g], [{ goal_id: 9999, is_completed: false }]);
    expect(node(tree, 'finance_level_1').progress).toBe(100);
    expect(node(tree, 'master_hero').progress).toBe(100);
  });

  it('lists related goals per discipline, completed ones flagged, and all goals under master_hero', () => {
    const done = goal('Finance', true, 'Build a budget');
    const open = goal('Finance', false, 'Invest monthly');
    const other = goal('Health', false, 'Walk daily');
    const tree = computeSkillTree([done, open, other], []);
    expect(node(tree, 'finance_level_2').relatedGoals).toEqual([
      { id: done.id, title: 'Build a budget', is_completed: true },
      { id: open.id, title: 'Invest monthly', is_completed: false },
    ]);
    expect(node(tree, 'knowledge_level_1').relatedGoals).toEqual([]);
    expect(node(tree, 'master_hero').relatedGoals.map((g) => g.id)).toEqual([done.id, open.id, other.id]);
  });

  it('counts mastered, unlocked (mastered included) and total skills', () => {
    // Finance column mastered (3), health/knowledge/spirit level 1 unlocked (3), everything else locked:
    // the open Health goal keeps master_hero at 4 of 6 goals (66%).
    const goals = [...fourOfFiveFinance.goals, goal('Health')];
    expect(computeSkillTree(goals, []).counters).toEqual({ mastered: 3, unlocked: 6, total: 13 });
    expect(computeSkillTree([], []).counters).toEqual({ mastered: 0, unlocked: 4, total: 13 });
  });

  it('counts statuses of any node list', () => {
    expect(countSkills([{ status: 'mastered' }, { status: 'locked' }, { status: 'unlocked' }])).toEqual({
      mastered: 1,
      unlocked: 2,
      total: 3,
    });
  });
});
