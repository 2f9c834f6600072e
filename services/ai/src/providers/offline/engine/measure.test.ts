import { describe, expect, it } from 'vitest';
import { readMeasure } from './measure.ts';
import { describeMeasure, type Measure, metricUnit, resolveTarget } from './target.ts';

function total(text: string) {
  const m = readMeasure(text, null);
  return m?.type === 'total' ? m.target : null;
}

describe('readMeasure', () => {
  it('reads totals with their units', () => {
    expect(total('lose 5 kg')).toMatchObject({ value: 5, unit: 'kg', kind: 'weight', direction: 'lose' });
    expect(total('save $5,000')).toMatchObject({ value: 5000, unit: '$', kind: 'money' });
    expect(total('read 12 books')).toMatchObject({ value: 12, unit: 'books', kind: 'count' });
    expect(total('run a marathon')).toMatchObject({ value: 42.2, unit: 'km', kind: 'distance' });
    expect(total('reach B1 in Spanish')).toMatchObject({ value: 3, unit: 'CEFR level', kind: 'level' });
    expect(total('do 50 push-ups in a row')).toMatchObject({ value: 50, unit: 'push-ups', kind: 'reps' });
    expect(total('cut screen time by 50%')).toMatchObject({ value: 50, unit: '%' });
    expect(total('run a marathon in under 3 hours 45 minutes')).toMatchObject({
      value: 13500,
      unit: 'min:s',
    });
    expect(total('a sub-4 marathon')).toMatchObject({ value: 14400, distanceKm: 42.2 });
    expect(total('bench press 100 kg')).toMatchObject({ value: 100, kind: 'lift' });
    expect(total('write a 60,000-word draft')).toMatchObject({ value: 60000, unit: 'words' });
  });

  it('adds up money put aside at a rate, but keeps a spending cap per period', () => {
    const rate = readMeasure('save $100 a week', null)!;
    expect(rate).toEqual({ type: 'rate', amount: { value: 100, unit: '$', kind: 'money' }, per: 'week' });
    expect(resolveTarget(rate, 70)?.value).toBe(1000);
    const cap = readMeasure('spend no more than $400 a month on eating out', null)!;
    expect(resolveTarget(cap, 90)).toMatchObject({ value: 400, per: 'month', bound: 'at-most' });
  });

  it("keeps a per-day habit's amount per day, whatever the span", () => {
    const steps = readMeasure('walk 10,000 steps a day', null)!;
    expect(resolveTarget(steps, 42)).toMatchObject({ value: 10000, unit: 'steps', per: 'day' });
    expect(metricUnit(resolveTarget(steps, 42)!)).toBe('steps/day');
    const meditation = readMeasure('meditate 10 minutes every day', null)!;
    expect(resolveTarget(meditation, 60)).toMatchObject({ value: 10, unit: 'minutes', per: 'day' });
  });

  it('reads a reduction as the amount cut down to', () => {
    const coffee = readMeasure('cut my coffee down to one cup a day', null)!;
    expect(resolveTarget(coffee, 30)).toMatchObject({ value: 1, unit: 'cups', per: 'day', bound: 'at-most' });
  });

  it('reads rhythms as sessions per period, and a daily rhythm without an amount as a streak of days', () => {
    const gym = readMeasure('go to the gym 3 times a week', null) as Measure;
    expect(resolveTarget(gym, 91)).toEqual({ value: 3, unit: 'times', kind: 'sessions', per: 'week' });
    expect(describeMeasure(gym)).toBe('3 times a week');
    const journal = readMeasure('journal every night', null)!;
    expect(resolveTarget(journal, 60)).toEqual({ value: 60, unit: 'days', kind: 'sessions' });
  });

  it('reads a named course or exam as a thing to finish, with no number', () => {
    const course = readMeasure('finish the CS50 course', null)!;
    expect(course).toEqual({ type: 'done', thing: 'the CS50 course', what: 'course' });
    expect(resolveTarget(course, 90)).toBeNull();
  });

  it('reads a bare number in the unit of the area being discussed', () => {
    expect(readMeasure('12', { defaultUnit: 'books', habitual: false })).toEqual({
      type: 'total',
      target: { value: 12, unit: 'books', kind: 'count' },
    });
    expect(readMeasure('about 5000', { defaultUnit: '$', habitual: false })).toMatchObject({
      target: { value: 5000, unit: '$', kind: 'money' },
    });
    expect(readMeasure('12', null)).toBeNull();
  });

  it('finds nothing to measure in plain words', () => {
    expect(readMeasure('I want to be happier', null)).toBeNull();
    expect(readMeasure('launch my website', null)).toBeNull();
  });
});

describe('metricUnit', () => {
  it('fits the plan contract: at most 20 characters, the head noun when the whole does not fit', () => {
    expect(metricUnit({ value: 12, unit: 'watercolour paintings', kind: 'count' })).toBe('paintings');
    expect(metricUnit({ value: 1, unit: 'energy drinks', per: 'day' })).toBe('energy drinks/day');
  });
});
