import { describe, expect, it } from 'vitest';
import { readScore } from './score.ts';

describe('readScore', () => {
  it('reads a score or a share to reach, named by what it measures', () => {
    expect(readScore('get my credit score above 750 by next year')).toEqual({
      value: 750,
      unit: 'credit score',
      kind: 'score',
    });
    expect(readScore('raise my gpa to 3.8')).toMatchObject({ value: 3.8, unit: 'GPA' });
    expect(readScore('get my golf handicap down to 12')).toMatchObject({ value: 12, unit: 'handicap' });
    expect(readScore('reach a 1500 chess rating by june')).toMatchObject({
      value: 1500,
      unit: 'chess rating',
    });
    expect(readScore('reduce my body fat to 15% by summer')).toMatchObject({ value: 15, unit: '% body fat' });
    expect(readScore('get to 12% body fat')).toMatchObject({ value: 12, unit: '% body fat' });
    expect(readScore('increase my savings rate to 20 percent')).toMatchObject({
      value: 20,
      unit: '% savings rate',
    });
  });

  it('leaves changes by an amount and words that only look like scores to the other readers', () => {
    expect(readScore('lose 10% body fat by september')).toBeNull();
    expect(readScore('score 3 goals this season')).toBeNull();
    expect(readScore('cut screen time by 50%')).toBeNull();
    expect(readScore('read 12 books at a rate of 1 a month')).toBeNull();
  });
});
