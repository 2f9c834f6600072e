// The skill tree state (docs/product.md#skill-tree), computed from a hero's goals and milestones.
//
// How we read the status rules. There are three statuses: Unlocked (no prerequisites, or every
// prerequisite's discipline has a completed goal or milestone), Mastered (progress >= 80%) and Locked
// ("anything else"). A node shows one badge, so Mastered wins over Unlocked, and Locked is only what
// meets neither rule: a mastered node is never locked.
// For the twelve foundation nodes the two conditions never disagree: progress above 0 needs a completed
// goal or milestone in the node's own discipline, and that same discipline is what unlocks levels 2 and 3.
// Only master_hero can be mastered with its prerequisites unmet (say, every goal is a completed Finance
// goal); "anything else" then still makes it Mastered, not Locked.
import { FOUNDATIONS, type Foundation, goalDiscipline } from './discipline.ts';
import { percentOf } from './progress.ts';
import {
  MASTERY_THRESHOLD,
  SKILL_NODES,
  type SkillDiscipline,
  type SkillNode,
  skillNode,
} from './skill-nodes.ts';

export type SkillStatus = 'mastered' | 'unlocked' | 'locked';

type GoalId = string | number;

/** A goal as the quests API sends it; only these fields matter to the tree. */
export interface SkillTreeGoal<Id extends GoalId = GoalId> {
  id: Id;
  title: string;
  class_name?: string | null;
  foundation?: string | null;
  is_completed: boolean;
}

export interface SkillTreeMilestone<Id extends GoalId = GoalId> {
  goal_id: Id;
  is_completed: boolean;
}

export interface RelatedGoal<Id extends GoalId = GoalId> {
  id: Id;
  title: string;
  is_completed: boolean;
}

export interface SkillNodeState<Id extends GoalId = GoalId> extends SkillNode {
  /** Integer percent 0-100, rounded down, so a node shows 80 only once it has truly reached mastery. */
  progress: number;
  status: SkillStatus;
  relatedGoals: RelatedGoal<Id>[];
}

export interface SkillCounters {
  mastered: number;
  /** Nodes that are not locked, mastered ones included: mastering a skill never lowers this count. */
  unlocked: number;
  total: number;
}

export interface SkillTree<Id extends GoalId = GoalId> {
  nodes: SkillNodeState<Id>[];
  counters: SkillCounters;
}

interface Tally<Id extends GoalId> {
  goals: RelatedGoal<Id>[];
  completedGoals: number;
  milestones: number;
  completedMilestones: number;
}

function emptyTally<Id extends GoalId>(): Tally<Id> {
  return { goals: [], completedGoals: 0, milestones: 0, completedMilestones: 0 };
}

/**
 * Average of the completed-goal and completed-milestone fractions; one of them alone if only it has
 * items; 0 with neither. Done in integers so 80% is exactly 80%, not 79.99999.
 */
function tallyProgress(tally: Tally<GoalId>): number {
  const goals = tally.goals.length;
  const { milestones, completedGoals, completedMilestones } = tally;
  if (goals > 0 && milestones > 0) {
    return percentOf(completedGoals * milestones + completedMilestones * goals, 2 * goals * milestones);
  }
  if (goals > 0) return percentOf(completedGoals, goals);
  return percentOf(completedMilestones, milestones);
}

function hasCompletion(tally: Tally<GoalId>): boolean {
  return tally.completedGoals > 0 || tally.completedMilestones > 0;
}

export function computeSkillTree<Id extends GoalId>(
  goals: readonly SkillTreeGoal<Id>[],
  milestones: readonly SkillTreeMilestone<Id>[],
): SkillTree<Id> {
  const all = emptyTally<Id>();
  const byDiscipline = new Map<Foundation, Tally<Id>>(
    FOUNDATIONS.map((foundation) => [foundation, emptyTally()]),
  );
  const disciplineOfGoal = new Map<Id, Foundation>();

  for (const goal of goals) {
    const discipline = goalDiscipline(goal);
    disciplineOfGoal.set(goal.id, discipline);
    const related = { id: goal.id, title: goal.title, is_completed: goal.is_completed };
    for (const tally of [all, byDiscipline.get(discipline)!]) {
      tally.goals.push(related);
      if (goal.is_completed) tally.completedGoals++;
    }
  }

  for (const milestone of milestones) {
    const discipline = disciplineOfGoal.get(milestone.goal_id);
    // A milestone takes its goal's discipline. One whose goal is not in the list is stale (deleting a
    // goal deletes its milestones) and is left out everywhere, the master node included.
    if (!discipline) continue;
    for (const tally of [all, byDiscipline.get(discipline)!]) {
      tally.milestones++;
      if (milestone.is_completed) tally.completedMilestones++;
    }
  }

  const tallyOf = (discipline: SkillDiscipline): Tally<Id> =>
    discipline === 'All' ? all : byDiscipline.get(discipline)!;

  const nodes = SKILL_NODES.map((node): SkillNodeState<Id> => {
    const tally = tallyOf(node.discipline);
    const progress = tallyProgress(tally);
    const unlocked = node.prerequisites.every((id) => hasCompletion(tallyOf(skillNode(id).discipline)));
    const status: SkillStatus = progress >= MASTERY_THRESHOLD ? 'mastered' : unlocked ? 'unlocked' : 'locked';
    return { ...node, progress, status, relatedGoals: [...tally.goals] };
  });

  return { nodes, counters: countSkills(nodes) };
}

/** The Skill Tree screen's counters: Mastered, Unlocked and Total Skills. */
export function countSkills(nodes: readonly { status: SkillStatus }[]): SkillCounters {
  return {
    mastered: nodes.filter((node) => node.status === 'mastered').length,
    unlocked: nodes.filter((node) => node.status !== 'locked').length,
    total: nodes.length,
  };
}
