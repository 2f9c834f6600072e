import { FOUNDATIONS, type Foundation, isFoundation, percentOf } from '@lifequest/proto';
import type { Goal } from '../quests/types.ts';

export interface FoundationGroup {
  foundation: Foundation;
  goals: Goal[];
  completed: number;
  /** Share of this foundation's goals that are complete, 0 when it has none. */
  percent: number;
}

export interface FoundationGroups {
  unassigned: Goal[];
  groups: FoundationGroup[];
}

/** Only an explicit foundation counts here: this screen is where heroes make that choice. */
export function groupByFoundation(goals: readonly Goal[]): FoundationGroups {
  const groups = FOUNDATIONS.map((foundation) => {
    const own = goals.filter((goal) => goal.foundation === foundation);
    const completed = own.filter((goal) => goal.is_completed).length;
    return { foundation, goals: own, completed, percent: percentOf(completed, own.length) };
  });
  return { unassigned: goals.filter((goal) => !isFoundation(goal.foundation)), groups };
}
