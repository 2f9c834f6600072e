import { describe, expect, it } from 'vitest';
import { describeMeasure, type Measure, readMeasure, resolveTarget } from './target.ts';

function total(text: string) {
  const m = readMeasure(text, null);
  return m?.type === 'total' ? m.target : null;
}

describe('readMeasure', () => {
  it('reads weight, money, counts, distances and levels with their units', () => {
    expect(total('lose 5 kg')).toMatchObject({ value: 5, unit: 'kg', kind: 'weight', direction: 'lose' });
    expect(total('drop 12 pounds')).toMatchObject({ value: 12, unit: 'lb', kind: 'weight' });
    expect(total('save $5,000')).toMatchObject({ value: 5000, unit: '$', kind: 'money' });
    expect(total('save $5k for a trip')).toMatchObject({ value: 5000, unit: '$' });
    expect(total('put aside 2,000 euros')).toMatchObject({ value: 2000, unit: '€' });
    expect(total('I want to save 5000 by summer')).toMatchObject({ value: 5000, unit: '$' });
    expect(total('read 12 books')).toMatchObject({ value: 12, unit: 'books', kind: 'count' });
    expect(total('read twelve books')).toMatchObject({ value: 12, unit: 'books' });
    expect(total('learn 500 Spanish words')).toMatchObject({ value: 500, unit: 'spanish words' });
    expect(total('publish 3 case studies')).toMatchObject({ value: 3, unit: 'case studies' });
    expect(total('run a marathon')).toMatchObject({ value: 42.2, unit: 'km', kind: 'distance' });
    expect(total('run a half-marathon')).toMatchObject({ value: 21.1, unit: 'km' });
    expect(total('reach B1 in Spanish')).toMatchObject({ value: 3, unit: 'CEFR level', kind: 'level' });
    expect(total('do 50 push-ups in a row')).toMatchObject({ value: 50, unit: 'push-ups', kind: 'reps' });
    expect(total('cut screen time by 50%')).toMatchObject({ value: 50, unit: '%' });
  });

  it("reads running times as 'min:s' in seconds", () => {
    expect(total('run 5k under 30 minutes')).toMatchObject({ value: 1800, unit: 'min:s', distanceKm: 5 });
    expect(total('run a 10k in 55:00')).toMatchObject({ value: 3300, unit: 'min:s', distanceKm: 10 });
    expect(total('a sub-4 marathon')).toMatchObject({ value: 14400, unit: 'min:s', distanceKm: 42.2 });
    expect(total('run a marathon in under 3 hours 45 minutes')).toMatchObject({
      value: 13500,
      unit: 'min:s',
    });
    expect(total('run a mile in under 8 minutes')).toMatchObject({ value: 480, unit: 'min:s' });
  });

  it('reads rates and habits, whose totals depend on the span', () => {
    const rate = readMeasure('save $100 a week', null);
    expect(rate).toEqual({ type: 'rate', amount: { value: 100, unit: '$', kind: 'money' }, per: 'week' });
    expect(resolveTarget(rate!, 70).value).toBe(1000);
    expect(readMeasure('read 20 pages a day', null)).toMatchObject({ type: 'rate', per: 'day' });
    const habit = readMeasure('meditate 10 minutes every day', null);
    expect(habit).toEqual({ type: 'habit', perWeek: 7, minutes: 10 });
    expect(resolveTarget(habit!, 60)).toEqual({ value: 60, unit: 'days', kind: 'sessions' });
    const gym = readMeasure('go to the gym 3 times a week', null) as Measure;
    expect(resolveTarget(gym, 91)).toEqual({ value: 39, unit: 'sessions', kind: 'sessions' });
    expect(describeMeasure(gym)).toBe('3 times a week');
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
