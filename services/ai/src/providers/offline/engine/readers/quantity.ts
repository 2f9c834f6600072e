import type { Bound } from './bounds.ts';

// What the readers find: an amount with its unit, and what kind of amount it is.

export type TargetKind =
  | 'weight'
  | 'money'
  | 'time'
  | 'distance'
  | 'count'
  | 'reps'
  | 'level'
  | 'score'
  | 'percent'
  | 'sessions'
  | 'lift'
  | 'duration';

export type Period = 'day' | 'week' | 'fortnight' | 'month';

/** A measurable target. `unit` is what the plan's metric carries; 'min:s' targets are in seconds. */
export type Target = {
  value: number;
  unit: string;
  kind?: TargetKind;
  /** For 'min:s' targets: the distance the time is for. */
  distanceKm?: number;
  /** For weight targets: an amount to lose or gain, or a weight to reach ('down to 75 kg'). */
  direction?: 'lose' | 'gain' | 'reach';
  /** Set when the amount is per day or week ('10,000 steps a day'); the plan's unit is then 'steps/day'. */
  per?: Period;
  /** A ceiling ('under 2 hours a day') or a floor ('at least 8 hours'). */
  bound?: Bound;
  /** Where a reduction starts, when the hero said it ('from 20 a day down to 5'). */
  from?: number;
};

export const KM_PER_MILE = 1.609;

export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
