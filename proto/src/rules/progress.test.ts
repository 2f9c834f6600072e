import { describe, expect, it } from 'vitest';
import {
  formatProgressValue,
  formatTargetValue,
  PROGRESS_VALUE_ERRORS,
  parseProgressValue,
  percentOf,
  questProgress,
} from './progress.ts';

const milestones = (...done: boolean[]) => done.map((is_completed) => ({ is_completed }));

describe('quest progress', () => {
  it('is completed milestones over total milestones', () => {
    expect(questProgress(milestones(true, false, false, true))).toEqual({
      completed: 2,
      total: 4,
      percent: 50,
    });
  });

  it('is 0% for a quest with no milestones', () => {
    expect(questProgress([])).toEqual({ completed: 0, total: 0, percent: 0 });
  });

  it('is 100% only when every milestone is complete', () => {
    expect(questProgress(milestones(true, true, true)).percent).toBe(100);
  });

  it('rounds down so a bar never overstates progress', () => {
    expect(questProgress(milestones(true, true, false)).percent).toBe(66);
    expect(percentOf(199, 200)).toBe(99);
  });

  it('computes exact integer percents where floating point would slip', () => {
    // 29/100 * 100 is 28.999999999999996 in floating point.
    expect(percentOf(29, 100)).toBe(29);
    expect(percentOf(57, 100)).toBe(57);
  });

  it('clamps nonsense to 0..100', () => {
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(-1, 4)).toBe(0);
    expect(percentOf(5, 4)).toBe(100);
    expect(percentOf(Number.NaN, 4)).toBe(0);
  });
});

describe('parsing a logged value for a min:s goal', () => {
  it.each([
    ['5:30', 330],
    ['330', 330],
    [' 5:30 ', 330],
    ['0:45', 45],
    ['75:00', 4500],
    ['0', 0],
  ])('reads %j as %i seconds', (input, seconds) => {
    expect(parseProgressValue(input, 'min:s')).toEqual({ ok: true, value: seconds });
  });

  it.each(['5:3', '5:30:10', 'abc', '-5:30', '5.5', ':30', '5:'])('rejects %j with a message', (input) => {
    expect(parseProgressValue(input, 'min:s')).toEqual({ ok: false, error: PROGRESS_VALUE_ERRORS.time });
  });

  it('rejects seconds of 60 or more', () => {
    expect(parseProgressValue('5:75', 'min:s')).toEqual({ ok: false, error: PROGRESS_VALUE_ERRORS.seconds });
  });

  it('requires a non-empty value', () => {
    expect(parseProgressValue('   ', 'min:s')).toEqual({ ok: false, error: PROGRESS_VALUE_ERRORS.empty });
  });
});

describe('parsing a logged value for other units', () => {
  it.each([
    ['12.5', 12.5],
    ['-2', -2],
    ['.5', 0.5],
    ['1000', 1000],
  ])('reads %j as %d', (input, value) => {
    expect(parseProgressValue(input, 'km')).toEqual({ ok: true, value });
  });

  it.each(['5:30', 'ten', '1e3', '0x10', 'Infinity', '1,000'])('rejects %j with a message', (input) => {
    expect(parseProgressValue(input, 'km')).toEqual({ ok: false, error: PROGRESS_VALUE_ERRORS.number });
  });

  it('requires a non-empty value even without a unit', () => {
    expect(parseProgressValue('', null)).toEqual({ ok: false, error: PROGRESS_VALUE_ERRORS.empty });
  });
});

describe('formatting a logged value', () => {
  it('shows min:s values as minutes:seconds', () => {
    expect(formatProgressValue(330, 'min:s')).toBe('5:30');
    expect(formatProgressValue(45, 'min:s')).toBe('0:45');
    expect(formatProgressValue(4500, 'min:s')).toBe('75:00');
  });

  it('round-trips what the hero typed', () => {
    const parsed = parseProgressValue('12:05', 'min:s');
    expect(parsed.ok && formatProgressValue(parsed.value, 'min:s')).toBe('12:05');
  });

  it('shows other values with their unit', () => {
    expect(formatProgressValue(12.5, 'km')).toBe('12.5 km');
    expect(formatProgressValue(1 / 3, 'kg')).toBe('0.33 kg');
    expect(formatProgressValue(40, '%')).toBe('40%');
    expect(formatProgressValue(15, '% body fat')).toBe('15% body fat');
    expect(formatProgressValue(7, '')).toBe('7');
  });

  it('shows money with its symbol in front, thousands grouped, cents only when there are any', () => {
    expect(formatProgressValue(2000, '$')).toBe('$2,000');
    expect(formatProgressValue(12.5, '€')).toBe('€12.50');
    expect(formatProgressValue(400, '$/month')).toBe('$400/month');
    expect(formatProgressValue(-50, '£')).toBe('-£50');
  });

  it('groups thousands of any other unit, and names a CEFR level', () => {
    expect(formatProgressValue(10000, 'steps/day')).toBe('10,000 steps/day');
    expect(formatProgressValue(60000, 'words')).toBe('60,000 words');
    expect(formatProgressValue(3, 'CEFR level')).toBe('CEFR B1');
    expect(formatProgressValue(-0.001, 'kg')).toBe('0 kg');
  });
});

describe('formatting a target', () => {
  it('names the min:s unit beside the time, which a badge shows alone', () => {
    // 'run 5 km in under 27 minutes': the coach's target is 1620 seconds.
    expect(formatTargetValue(1620, 'min:s')).toBe('27:00 min:s');
    expect(formatTargetValue(13500, 'min:s')).toBe('225:00 min:s');
  });

  it('reads every other unit the coach gives a plan as a logged value does', () => {
    expect(formatTargetValue(2000, '$')).toBe('$2,000');
    expect(formatTargetValue(100, '%')).toBe('100%');
    expect(formatTargetValue(42.2, 'km')).toBe('42.2 km');
    expect(formatTargetValue(3, 'times/week')).toBe('3 times a week');
    expect(formatTargetValue(1, 'times/fortnight')).toBe('once every two weeks');
    expect(formatTargetValue(2, 'times/month')).toBe('twice a month');
    expect(formatTargetValue(12, 'books')).toBe('12 books');
  });
});
