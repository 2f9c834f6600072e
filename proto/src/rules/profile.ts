// The Discipline Mastery cards and Goal Distribution of My Profile (docs/product.md#levels). This is deliberately a separate, simpler scale than the life level curve: it is computed on
// the client from goals alone, as the product describes.
import { FOUNDATIONS, type Foundation, goalDiscipline } from './discipline.ts';
import { percentOf } from './progress.ts';

export const PROFILE_XP = {
  perCompletedGoal: 100,
  perGoal: 25,
  perLevel: 200,
} as const;

export interface DisciplineMastery {
  discipline: Foundation;
  goalCount: number;
  completedCount: number;
  /** 100 per completed goal + 25 per goal. */
  xp: number;
  /** floor(xp / 200) + 1. */
  level: number;
  /** xp mod 200 as an integer percent of 200, rounded down. */
  progress: number;
}

interface ProfileGoal {
  title?: string | null;
  class_name?: string | null;
  foundation?: string | null;
  is_completed: boolean;
}

/**
 * One entry per foundation, in FOUNDATIONS order. Goals are placed by the same rule as everywhere else
 * (foundation first, then keywords, default Intelligence) so a goal never sits under one discipline on
 * the Foundations screen and another on the profile.
 */
export function disciplineMastery(goals: readonly ProfileGoal[]): DisciplineMastery[] {
  return FOUNDATIONS.map((discipline) => {
    const own = goals.filter((goal) => goalDiscipline(goal) === discipline);
    const completedCount = own.filter((goal) => goal.is_completed).length;
    const xp = PROFILE_XP.perCompletedGoal * completedCount + PROFILE_XP.perGoal * own.length;
    return {
      discipline,
      goalCount: own.length,
      completedCount,
      xp,
      level: Math.floor(xp / PROFILE_XP.perLevel) + 1,
      progress: percentOf(xp % PROFILE_XP.perLevel, PROFILE_XP.perLevel),
    };
  });
}
