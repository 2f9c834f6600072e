import { formatProgressValue, formatTargetValue, MIN_SEC_UNIT } from '@lifequest/proto';

/**
 * Logged progress against a quest's target (docs/features/first-week.md#progress-that-moves).
 *
 * What "logged so far" means depends on the unit. Money, distance and counts add up: $250 and $300
 * saved are $550. A time, a weight, a percentage, a language level, a score ('credit score', '% body
 * fat', 'GPA') or any rate ('steps/day', '$/month') is a reading: the newest entry is where the hero
 * stands.
 */

const LATEST_UNITS = new Set([
  MIN_SEC_UNIT,
  'kg',
  'kgs',
  'lb',
  'lbs',
  'pounds',
  'stone',
  '%',
  'cefr level',
  'bpm',
]);

/** A score or a share the Pathfinder plans to reach: 'credit score', 'chess rating', '% body fat'. */
const READING =
  /^%|\b(?:score|rating|gpa|handicap|rate|average|cholesterol|blood pressure|percentage|elo|fico)$/;

export type Tally = 'sum' | 'latest';

export function tallyFor(unit: string | null | undefined): Tally {
  const label = unit?.trim().toLowerCase() ?? '';
  if (LATEST_UNITS.has(label) || label.includes('/') || READING.test(label)) return 'latest';
  return 'sum';
}

export interface LoggedEntry {
  value: number;
  ts: string;
}

/** The hero's standing from the entries (any order): their sum, or the newest; null with none. */
export function loggedTotal(entries: readonly LoggedEntry[], unit: string | null | undefined): number | null {
  if (entries.length === 0) return null;
  if (tallyFor(unit) === 'latest') {
    const newest = entries.reduce((best, entry) => (entry.ts > best.ts ? entry : best));
    return newest.value;
  }
  return entries.reduce((sum, entry) => sum + entry.value, 0);
}

/** '$250 of $2,000', '27:00 of 25:00 min:s', '12.5 km of 42 km', '3 books of 12 books'. */
export function loggedAgainstTarget(total: number, target: number, unit: string | null | undefined): string {
  return `${formatProgressValue(total, unit)} of ${formatTargetValue(target, unit)}`;
}

export interface OrderedMilestone {
  id: string;
  title: string;
  done: boolean;
}

/**
 * The open milestone the logged total has earned, if any: the milestones split the target evenly in
 * their order (the k-th of n is worth k/n of it), and the first open one whose share the total has
 * passed is offered. Only for totals that add up: a reading (a time, a weight) has no shares.
 */
export function milestoneEarnedByLog(
  milestones: readonly OrderedMilestone[],
  total: number | null,
  target: number | null,
  unit: string | null | undefined,
): OrderedMilestone | null {
  if (total === null || target === null || target <= 0 || tallyFor(unit) !== 'sum') return null;
  const count = milestones.length;
  for (let index = 0; index < count; index++) {
    const milestone = milestones[index];
    if (!milestone || milestone.done) continue;
    if (total >= (target * (index + 1)) / count) return milestone;
  }
  return null;
}
