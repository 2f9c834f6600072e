import type { Foundation } from '@lifequest/proto';

export type { Foundation };

/** A quest. `foundation` is empty or absent when the goal is unassigned. */
export interface Goal {
  id: string;
  title: string;
  deadline: string | null;
  class_name: string;
  foundation: Foundation | '' | null;
  is_completed: boolean;
  progress: number;
}

export interface Milestone {
  id: string;
  goal_id: string;
  title: string;
  is_completed: boolean;
  xp_reward: number;
  due_date: string | null;
}

export interface MilestoneToggleResult {
  milestone: Milestone;
  goal: { id: string; progress: number; is_completed: boolean };
  xpDelta: number;
  user: { totalXP: number; lifeLevel: number };
}
