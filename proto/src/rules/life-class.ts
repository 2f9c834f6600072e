// Life classes (docs/product.md#decisions) and the title a hero of each class carries in the header and social lists.

export const LIFE_CLASSES = [
  'health',
  'financial',
  'education',
  'social',
  'spirituality',
  'general',
] as const;
export type LifeClass = (typeof LIFE_CLASSES)[number];

/** Challenges belong to one of the five focused classes; 'general' is only a hero's starting class. */
export const CHALLENGE_CLASSES = ['health', 'financial', 'education', 'social', 'spirituality'] as const;
export type ChallengeClass = (typeof CHALLENGE_CLASSES)[number];

/**
 * The active class title per class. The product names the field but not its values; these are our choice:
 * every onboarded hero starts as a 'general' Pathfinder Initiate (onboarding step 3 sets 'general'),
 * and each focused class gets an RPG title that says what the hero trains.
 */
export const CLASS_TITLES: Readonly<Record<LifeClass, string>> = {
  general: 'Pathfinder Initiate',
  health: 'Vitality Warden',
  financial: 'Gold Steward',
  education: 'Sage Scholar',
  social: 'Fellowship Envoy',
  spirituality: 'Mystic Seeker',
};

export function isLifeClass(value: unknown): value is LifeClass {
  return typeof value === 'string' && (LIFE_CLASSES as readonly string[]).includes(value);
}

/** The header title for a class; unknown or missing classes read as 'general'. */
export function activeClassTitle(className: string | null | undefined): string {
  const normalised = className?.trim().toLowerCase();
  return CLASS_TITLES[isLifeClass(normalised) ? normalised : 'general'];
}
