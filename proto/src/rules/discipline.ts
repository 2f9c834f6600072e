// The four life foundations and the rule that places any goal under one of them (docs/product.md#foundations).

export const FOUNDATIONS = ['Finance', 'Health', 'Intelligence', 'Spirit'] as const;
export type Foundation = (typeof FOUNDATIONS)[number];

/** What each foundation covers, as the product words it (shown on the Foundations cards). */
export const FOUNDATION_DESCRIPTIONS: Readonly<Record<Foundation, string>> = {
  Finance: 'Financial literacy, savings, investments, wealth building',
  Health: 'Physical fitness, nutrition, wellness, body maintenance',
  Intelligence: 'Learning, skills, education, intellectual growth',
  Spirit: 'Mental health, mindfulness, emotional well-being, personal growth',
};

/** Where a goal lands when it has no foundation and no keyword matches. */
export const DEFAULT_DISCIPLINE: Foundation = 'Intelligence';

/**
 * The product's keyword lists, matched case-insensitively as substrings ('meditat' is a stem, so the
 * product means substrings: 'meditation' and 'meditating' both match). A side effect the product accepts:
 * 'run' also matches inside 'brunch'. Lists are checked in FOUNDATIONS order, so the first wins.
 */
export const DISCIPLINE_KEYWORDS: Readonly<Record<Foundation, readonly string[]>> = {
  Finance: ['save', 'money', 'budget', 'invest', 'debt', '$', 'dollar'],
  Health: ['weight', 'run', 'exercise', 'gym', 'diet', 'fitness', 'workout'],
  Intelligence: ['read', 'learn', 'book', 'course', 'skill', 'study'],
  Spirit: ['meditat', 'mindful', 'stress', 'anxiety', 'therapy', 'gratitude', 'journal'],
};

export function isFoundation(value: unknown): value is Foundation {
  return typeof value === 'string' && (FOUNDATIONS as readonly string[]).includes(value);
}

/** The fields of a goal that decide its discipline (snake_case as the API sends them). */
export interface DisciplineInput {
  title?: string | null;
  class_name?: string | null;
  foundation?: string | null;
}

/** Guesses a discipline from the class name and title alone (docs/product.md#foundations), defaulting to Intelligence. */
export function disciplineFromKeywords(
  className: string | null | undefined,
  title: string | null | undefined,
): Foundation {
  // The space keeps a keyword from being formed across the seam of class name and title.
  const text = `${className ?? ''} ${title ?? ''}`.toLowerCase();
  const match = FOUNDATIONS.find((foundation) =>
    DISCIPLINE_KEYWORDS[foundation].some((keyword) => text.includes(keyword)),
  );
  return match ?? DEFAULT_DISCIPLINE;
}

/**
 * A goal's discipline: its foundation when set, otherwise the keyword guess (docs/product.md#foundations).
 * Only the four exact foundation names count as set; '' (cleared) or anything else falls back to keywords.
 */
export function goalDiscipline(goal: DisciplineInput): Foundation {
  if (isFoundation(goal.foundation)) return goal.foundation;
  return disciplineFromKeywords(goal.class_name, goal.title);
}
