import { describe, expect, it } from 'vitest';
import { readBareWeight, readLift, readTargetWeight, readWeightChange } from './weight.ts';

describe('weight readers', () => {
  it('reads an amount to lose or gain', () => {
    expect(readWeightChange('lose 5 kg by june')).toEqual({
      value: 5,
      unit: 'kg',
      kind: 'weight',
      direction: 'lose',
    });
    expect(readWeightChange('lose 6kg in twelve weeks')).toMatchObject({ value: 6, unit: 'kg' });
    expect(readWeightChange('lose ten pounds in 3 months')).toMatchObject({ value: 10, unit: 'lb' });
    expect(readWeightChange('drop 15 lbs by christmas')).toMatchObject({ value: 15, unit: 'lb' });
    expect(readWeightChange('gain 4 kg of muscle')).toMatchObject({ value: 4, direction: 'gain' });
    expect(readWeightChange('lose 3 stone by christmas')).toMatchObject({ value: 3, unit: 'stone' });
  });

  it('reads a weight to reach as the weight itself', () => {
    expect(readTargetWeight('get down to 75 kg by april')).toEqual({
      value: 75,
      unit: 'kg',
      kind: 'weight',
      direction: 'reach',
    });
    expect(readWeightChange('get down to 75 kg')).toBeNull();
    // Under a weight is a weight to reach, not an amount to lose.
    expect(readTargetWeight('get under 100 kg by my birthday')).toMatchObject({
      value: 100,
      direction: 'reach',
    });
    expect(readTargetWeight('be below 80 kg by summer')).toMatchObject({ value: 80, direction: 'reach' });
  });

  it('reads a lift', () => {
    expect(readLift('bench press 100 kg by december')).toEqual({ value: 100, unit: 'kg', kind: 'lift' });
    expect(readLift('deadlift 150kg')).toMatchObject({ value: 150 });
    expect(readLift('lose 5 kg')).toBeNull();
  });

  it('reads a bare weight as an amount to lose', () => {
    expect(readBareWeight('5 kg')).toMatchObject({ value: 5, direction: 'lose' });
    expect(readBareWeight('5 books')).toBeNull();
  });
});
