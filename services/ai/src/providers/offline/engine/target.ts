import type { Completion } from './readers/completion.ts';
import { formatClock, formatMoney, formatNumber, unitFor } from './readers/numbers.ts';
import { KM_PER_MILE, type Period, round, type Target } from './readers/quantity.ts';

// What "how much" means once read. Five shapes of measure exist:
// - a total: a finish line ('read 12 books', 'save $5,000', 'run 5k under 30 minutes');
// - a rate of money put aside ('save $100 a week'), which adds up to a total by the deadline;
// - an amount per day or week kept until the deadline ('10,000 steps a day', 'down to 1 coffee a day');
// - a rhythm of sessions ('meditate 10 minutes every day', 'gym 3 times a week');
// - a named thing to finish ('the CS50 course', 'the bar exam'), which has no number to invent.

export type Measure =
  | { type: 'total'; target: Target }
  | { type: 'rate'; amount: Target; per: Period }
  | { type: 'per-period'; target: Target & { per: Period } }
  | { type: 'habit'; perWeek: number; perDay?: number; minutes: number | null }
  | { type: 'done'; thing: string; what: Completion['kind'] };

/** Longest unit the plan contract accepts. */
const UNIT_MAX = 20;

export const PERIOD_DAYS: Record<Period, number> = { day: 1, week: 7, fortnight: 14, month: 30.44 };

/**
 * The target a measure stands for over `spanDays`. Money put aside adds up; an amount per day stays per
 * day; a rhythm is its sessions per period, or, kept every day without an amount, a streak of days.
 * A thing to finish has no number: null.
 */
export function resolveTarget(measure: Measure, spanDays: number): Target | null {
  switch (measure.type) {
    case 'total':
    case 'per-period':
      return measure.target;
    case 'rate': {
      const periods = Math.max(1, Math.round(spanDays / PERIOD_DAYS[measure.per]));
      return { ...measure.amount, value: round(measure.amount.value * periods, 2) };
    }
    case 'habit':
      if (measure.perDay && measure.perDay > 1)
        return { value: measure.perDay, unit: 'times', kind: 'sessions', per: 'day' };
      if (measure.perWeek === 7 && measure.minutes)
        return { value: measure.minutes, unit: 'minutes', kind: 'duration', per: 'day' };
      if (measure.perWeek === 7) return { value: Math.max(1, spanDays), unit: 'days', kind: 'sessions' };
      return { value: measure.perWeek, unit: 'times', kind: 'sessions', per: 'week' };
    case 'done':
      return null;
  }
}

/** The unit a plan's metric carries: 'steps/day' for a per-day amount, at most 20 characters. */
export function metricUnit(target: Target): string {
  const per = target.per ? `/${target.per}` : '';
  let unit = target.unit;
  // 'watercolour paintings' is counted in paintings when the whole does not fit.
  if (unit.length + per.length > UNIT_MAX) unit = unit.split(' ').at(-1) ?? unit;
  return `${unit}${per}`.slice(0, UNIT_MAX);
}

/** '12 books', '$5,000', '5 kg', '5 km in under 30:00', 'level B1 (CEFR)', '10,000 steps a day'. */
export function describeTarget(target: Target): string {
  const sessions = target.kind === 'sessions' && target.unit === 'times';
  const amount =
    sessions && target.value === 1
      ? 'once'
      : sessions && target.value === 2
        ? 'twice'
        : describeAmount(target);
  if (!target.per) return amount;
  return target.per === 'fortnight' ? `${amount} every two weeks` : `${amount} a ${target.per}`;
}

function describeAmount(target: Target): string {
  switch (target.kind) {
    case 'money':
      // A spending cap says so: 'at most £250 a month'.
      return `${target.bound === 'at-most' ? 'at most ' : ''}${formatMoney(target.value, target.unit)}`;
    case 'time':
      return `${describeDistance(target.distanceKm ?? 5)} in under ${formatClock(target.value)}`;
    case 'level':
      return `level ${cefrName(target.value)} (CEFR)`;
    case 'percent':
      return `${formatNumber(target.value)}%`;
    case 'score':
      return describeScore(target);
    case 'weight':
    case 'lift':
      return `${formatNumber(target.value)} ${target.unit}`;
    case 'distance':
      return target.unit === 'km'
        ? describeDistance(target.value)
        : `${formatNumber(target.value)} ${target.unit}`;
    case 'reps':
      return `${formatNumber(target.value)} ${target.unit} in a row`;
    default: {
      if (target.value === 0 && target.bound === 'at-most') return `no ${target.unit}`;
      const bound = target.bound === 'at-most' ? 'at most ' : target.bound === 'at-least' ? 'at least ' : '';
      return `${bound}${formatNumber(target.value, 2)} ${unitFor(target.value, target.unit)}`;
    }
  }
}

/** '15% body fat', 'a credit score of 750', 'a GPA of 3.8'. */
export function describeScore(target: Target): string {
  if (target.unit.startsWith('%')) return `${formatNumber(target.value, 2)}${target.unit}`;
  return `${/^[aeiou]/i.test(target.unit) ? 'an' : 'a'} ${target.unit} of ${formatNumber(target.value, 2)}`;
}

const CEFR = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];

export function cefrName(ordinal: number): string {
  return CEFR[Math.min(Math.max(Math.round(ordinal), 1), 6) - 1]!;
}

export function describeDistance(km: number): string {
  if (Math.abs(km - 42.2) < 0.3) return 'a marathon';
  if (Math.abs(km - 21.1) < 0.3) return 'a half marathon';
  if (Math.abs(km - KM_PER_MILE) < 0.05) return 'a mile';
  return `${formatNumber(km)} km`;
}

/** The measurable part in words: '12 books', '$100 a week', '10 minutes, every day', 'the CS50 course'. */
export function describeMeasure(measure: Measure): string {
  switch (measure.type) {
    case 'total':
    case 'per-period':
      return describeTarget(measure.target);
    case 'rate':
      return `${describeTarget(measure.amount)} a ${measure.per}`;
    case 'done':
      return `${measure.thing} finished`;
    case 'habit': {
      const rhythm =
        measure.perDay && measure.perDay > 1
          ? `${formatNumber(measure.perDay)} times a day`
          : measure.perWeek === 7
            ? 'every day'
            : measure.perWeek === 5
              ? 'every weekday'
              : measure.perWeek === 1
                ? 'once a week'
                : `${formatNumber(measure.perWeek)} times a week`;
      if (!measure.minutes) return rhythm;
      const length =
        measure.minutes >= 60 && measure.minutes % 60 === 0
          ? `${measure.minutes / 60} hour${measure.minutes === 60 ? '' : 's'}`
          : `${formatNumber(measure.minutes)} minutes`;
      return `${length}, ${rhythm}`;
    }
  }
}
