import { describe, expect, it } from 'vitest';
import { readReduction } from './reduction.ts';

const reduced = (text: string) => {
  const r = readReduction(text.toLowerCase());
  return r ? [r.value, `${r.unit}/${r.per}`, r.from ?? null] : null;
};

describe('going without', () => {
  it("'no alcohol' is quitting it", () => {
    expect(readReduction('no alcohol in january')).toMatchObject({ value: 0, unit: 'drinks', per: 'day' });
    // A ceiling, left to the per-period reader: not quitting 'more'.
    expect(readReduction('no more than 2 coffees a day')).toBeNull();
  });
});

describe('readReduction', () => {
  it('reads the amount cut down to, per period', () => {
    expect(reduced('cut my coffee down to one cup a day within a month')).toEqual([1, 'cups/day', null]);
    expect(reduced('reduce screen time to 2 hours a day by the end of February')).toEqual([
      2,
      'hours/day',
      null,
    ]);
    expect(reduced('limit myself to 3 drinks a week for the next 3 months')).toEqual([
      3,
      'drinks/week',
      null,
    ]);
    expect(reduced('cut back to under 1 hour of social media a day by 1 March')).toEqual([
      1,
      'hours/day',
      null,
    ]);
    expect(reduced('reduce my sugar intake to 25 grams a day')).toEqual([25, 'grams/day', null]);
  });

  it('reads where a reduction starts when the hero says it', () => {
    expect(reduced('Go from 20 cigarettes a day down to 5 by April 1')).toEqual([5, 'cigarettes/day', 20]);
    expect(reduced('cut down from 4 energy drinks a day to 1 within 6 weeks')).toEqual([
      1,
      'energy drinks/day',
      4,
    ]);
  });

  it('counts what is cut by the habit it names when the amounts stand alone', () => {
    expect(reduced('Cut my smoking from ten a day to three by the end of March')).toEqual([
      3,
      'cigarettes/day',
      10,
    ]);
  });

  it('reads quitting as cutting to zero', () => {
    expect(reduced('quit smoking by March 1st')).toEqual([0, 'cigarettes/day', null]);
    expect(reduced('give up alcohol')).toEqual([0, 'drinks/day', null]);
  });

  it('leaves goals that only go up alone', () => {
    expect(reduced('read 12 books')).toBeNull();
    expect(reduced('get to 10,000 steps a day')).toBeNull();
    expect(reduced('go to the gym four times a week')).toBeNull();
  });
});
