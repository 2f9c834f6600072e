import { describe, expect, it } from 'vitest';
import { readDistance } from './distance.ts';
import { readRunningTime } from './running-time.ts';

describe('readRunningTime', () => {
  it("reads a time to beat as unit 'min:s' in seconds, with its distance", () => {
    expect(readRunningTime('run 5k under 30 minutes')).toEqual({
      value: 1800,
      unit: 'min:s',
      kind: 'time',
      distanceKm: 5,
    });
    expect(readRunningTime('run a 10k in 55:00')).toMatchObject({ value: 3300, distanceKm: 10 });
    expect(readRunningTime('marathon in under 4 hours')).toMatchObject({ value: 14400, distanceKm: 42.2 });
    expect(readRunningTime('run a half marathon in under 2 hours')).toMatchObject({ value: 7200 });
    expect(readRunningTime('a sub-25 5k')).toMatchObject({ value: 1500 });
    expect(readRunningTime('run a mile in under 8 minutes')).toMatchObject({ value: 480 });
    expect(readRunningTime('row 5,000 metres in under 20 minutes')).toMatchObject({
      value: 1200,
      distanceKm: 5,
    });
  });

  it('reads a time brought down to a target', () => {
    expect(readRunningTime('get my 5k time down to 22 minutes')).toMatchObject({
      value: 1320,
      distanceKm: 5,
    });
  });

  it('finds no time in a plain distance', () => {
    expect(readRunningTime('run a marathon by october')).toBeNull();
  });
});

describe('readDistance', () => {
  it('reads distances and races named by distance', () => {
    expect(readDistance('run a marathon')?.target).toEqual({ value: 42.2, unit: 'km', kind: 'distance' });
    expect(readDistance('a half-marathon')?.target).toMatchObject({ value: 21.1 });
    expect(readDistance('swim 2 km without stopping')?.target).toMatchObject({ value: 2, unit: 'km' });
    expect(readDistance('cycle 100 miles')?.target).toMatchObject({ value: 100, unit: 'mi' });
    expect(readDistance('row 5,000 metres')?.target).toMatchObject({ value: 5, unit: 'km' });
    expect(readDistance('run my first 10k')?.target).toMatchObject({ value: 10, unit: 'km' });
  });
});
