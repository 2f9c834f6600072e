import { describe, expect, it } from 'vitest';
import { readHold, readHoursInAll, readMinutes } from './duration.ts';

describe('readMinutes', () => {
  it('reads lengths of time in minutes', () => {
    expect(readMinutes('meditate 10 minutes')).toBe(10);
    expect(readMinutes('15 mins a day')).toBe(15);
    expect(readMinutes('an hour of reading')).toBe(60);
    expect(readMinutes('1.5 hours')).toBe(90);
    expect(readMinutes('twenty minutes')).toBe(20);
  });

  it('ignores times that are moments, not lengths', () => {
    expect(readMinutes('in 30 minutes from now')).toBeNull();
    expect(readMinutes('read 12 books')).toBeNull();
  });
});

describe('readHoursInAll', () => {
  it('reads hours that add up to a total', () => {
    expect(readHoursInAll('volunteer 50 hours at the food bank this year')).toEqual({
      value: 50,
      unit: 'hours',
      kind: 'count',
    });
    expect(readHoursInAll('practice piano for 100 hours')).toMatchObject({ value: 100 });
    expect(readHoursInAll('spend 20 hours learning to code by march')).toMatchObject({ value: 20 });
    expect(readHoursInAll('log 5 hours of flight training in total')).toMatchObject({ value: 5 });
  });

  it('leaves rates, spans, a few hours and fasts alone', () => {
    expect(readHoursInAll('study 12 hours a week')).toBeNull();
    expect(readHoursInAll('finish the report in 48 hours')).toBeNull();
    expect(readHoursInAll('study for 2 hours')).toBeNull();
    expect(readHoursInAll('do a 16 hours fast')).toBeNull();
    expect(readHoursInAll('sleep 10 hours')).toBeNull();
  });
});

describe('readHold', () => {
  it('reads a hold as its time in the unit the hero used', () => {
    expect(readHold('hold a plank for 3 minutes by march 31')).toMatchObject({ value: 3, unit: 'minutes' });
    expect(readHold('plank for 90 seconds')).toMatchObject({ value: 90, unit: 'seconds' });
    expect(readHold('run for 30 minutes non-stop')).toMatchObject({ value: 30, unit: 'minutes' });
    expect(readHold('run for 3 minutes')).toBeNull();
  });
});
