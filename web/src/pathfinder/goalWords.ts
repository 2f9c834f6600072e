import { GOAL_CATEGORIES, GOAL_DIFFICULTIES } from '@lifequest/proto';
import type { Translate } from '../i18n/useT.ts';

// A quest's category and difficulty are the API's words ('fitness', 'medium'); English shows them as
// they are, other languages their translation. A word the app does not know stays as it came.

export function categoryText(category: string, t: Translate): string {
  return (GOAL_CATEGORIES as readonly string[]).includes(category)
    ? t(`pathfinder.category.${category as (typeof GOAL_CATEGORIES)[number]}`)
    : category;
}

export function difficultyText(difficulty: string, t: Translate): string {
  return (GOAL_DIFFICULTIES as readonly string[]).includes(difficulty)
    ? t(`pathfinder.difficulty.${difficulty as (typeof GOAL_DIFFICULTIES)[number]}`)
    : difficulty;
}
