import {
  type Goal as GoalWire,
  isFoundation,
  type Milestone as MilestoneWire,
  questProgress,
  toIsoDate,
} from '@lifequest/proto';
import type { Goal, Milestone } from '../generated/prisma/client.ts';

/** A `date` column as the API sends it: yyyy-mm-dd, or null. */
export function isoDateOrNull(date: Date | null): string | null {
  return date ? toIsoDate(date) : null;
}

/** A quest in its wire shape; `milestones` are the quest's own, for its progress. */
export function goalToWire(goal: Goal, milestones: readonly Pick<Milestone, 'isCompleted'>[]): GoalWire {
  return {
    id: goal.id,
    title: goal.title,
    deadline: isoDateOrNull(goal.deadline),
    class_name: goal.className,
    foundation: isFoundation(goal.foundation) ? goal.foundation : null,
    is_completed: goal.isCompleted,
    progress: questProgress(milestones.map((m) => ({ is_completed: m.isCompleted }))).percent,
    description: goal.description,
    category: goal.category as GoalWire['category'],
    difficulty: goal.difficulty as GoalWire['difficulty'],
    unit: goal.unit,
    target_value: goal.targetValue,
    habits: goal.habits,
    start_date: toIsoDate(goal.createdAt),
  };
}

export function milestoneToWire(milestone: Milestone): MilestoneWire {
  return {
    id: milestone.id,
    goal_id: milestone.goalId,
    title: milestone.title,
    is_completed: milestone.isCompleted,
    xp_reward: milestone.xpReward,
    due_date: isoDateOrNull(milestone.dueDate),
  };
}

/** The order heroes see milestones in: as planned. */
export const MILESTONE_ORDER = [{ position: 'asc' as const }, { createdAt: 'asc' as const }];

/** A yyyy-mm-dd date as the Date a `date` column takes (midnight UTC). */
export function dateColumn(isoDate: string | null | undefined): Date | null {
  return isoDate ? new Date(`${isoDate}T00:00:00.000Z`) : null;
}
