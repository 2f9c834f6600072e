import { describe, expect, it } from 'vitest';
import { readRepetitions } from './repetitions.ts';

describe('readRepetitions', () => {
  it('reads a count of an exercise as repetitions, with one spelling of its name', () => {
    expect(readRepetitions('do 50 push-ups in a row by march 1st')).toEqual({
      value: 50,
      unit: 'push-ups',
      kind: 'reps',
    });
    expect(readRepetitions('be able to do 10 pull ups in a row')).toMatchObject({
      value: 10,
      unit: 'pull-ups',
    });
    expect(readRepetitions('do 20 chin-ups within four months')).toMatchObject({
      value: 20,
      unit: 'chin-ups',
    });
    expect(readRepetitions('i wanna do 100 squats in one go')).toMatchObject({ value: 100, unit: 'squats' });
    expect(readRepetitions('fifty pushups')).toMatchObject({ value: 50, unit: 'push-ups' });
    expect(readRepetitions('i would love to do a pull-up by march')).toMatchObject({
      value: 1,
      unit: 'pull-ups',
    });
    expect(readRepetitions('swim 40 lengths in one session')).toMatchObject({ value: 40, unit: 'lengths' });
  });

  it("reads anything done 'in a row', but not days in a row", () => {
    expect(readRepetitions('30 skips in a row')).toMatchObject({ value: 30, unit: 'skips' });
    expect(readRepetitions('30 days in a row')).toBeNull();
    expect(readRepetitions('read 12 books')).toBeNull();
  });
});
