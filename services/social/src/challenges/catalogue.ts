// The challenge catalogue: one challenge per class and week, in rolling windows. A window starts each
// Monday 00:00 UTC and lasts 7 days, so when one challenge ends the next begins and every class always
// has one active. They are created on demand (at boot, and whenever challenges are listed), with no
// timer: (class, window start) is unique, so replicas creating the same one at once make one.
import { CHALLENGE_CLASSES, type ChallengeClass } from '@lifequest/proto';

export const CHALLENGE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** A Monday, 00:00 UTC: windows are counted from here. */
const FIRST_WINDOW = Date.UTC(2024, 0, 1);

export interface ChallengeTemplate {
  title: string;
  description: string;
  targetValue: number;
}

export const CHALLENGE_TEMPLATES: Readonly<Record<ChallengeClass, ChallengeTemplate>> = {
  health: {
    title: 'Vitality Week',
    description: 'Complete 5 health milestones or quests before the week is out.',
    targetValue: 5,
  },
  financial: {
    title: 'Gold Steward’s Ledger',
    description: 'Complete 4 financial milestones or quests before the week is out.',
    targetValue: 4,
  },
  education: {
    title: 'Scholar’s Sprint',
    description: 'Complete 5 education milestones or quests before the week is out.',
    targetValue: 5,
  },
  social: {
    title: 'Fellowship Bonds',
    description: 'Complete 3 social milestones or quests before the week is out.',
    targetValue: 3,
  },
  spirituality: {
    title: 'Inner Peace Retreat',
    description: 'Complete 4 spirituality milestones or quests before the week is out.',
    targetValue: 4,
  },
};

/** The window `at` falls in. */
export function challengeWindow(at: Date): { startsAt: Date; endsAt: Date } {
  const index = Math.floor((at.getTime() - FIRST_WINDOW) / CHALLENGE_WINDOW_MS);
  const startsAt = FIRST_WINDOW + index * CHALLENGE_WINDOW_MS;
  return { startsAt: new Date(startsAt), endsAt: new Date(startsAt + CHALLENGE_WINDOW_MS) };
}

/** The challenges of the window `at` falls in, one per class. */
export function catalogueAt(at: Date) {
  const window = challengeWindow(at);
  return CHALLENGE_CLASSES.map((className) => ({ className, ...CHALLENGE_TEMPLATES[className], ...window }));
}
