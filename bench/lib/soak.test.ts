import { describe, expect, it } from 'vitest';
import { growthPct } from './soak.ts';

describe('growthPct: what a soak counts as growth after warm-up', () => {
  it('a steady climb (a leak) shows in full', () => {
    const climbing = Array.from({ length: 24 }, (_, i) => 300 + i * 5);
    // The first third (300–335) has its median at 317.5, the last (380–415) at 397.5.
    expect(growthPct(climbing)).toBeCloseTo(25.2, 1);
  });

  it('a spike in the middle that is freed again is not growth', () => {
    const spike = [320, 300, 313, 314, 316, 341, 343, 399, 401, 401, 294, 301, 314, 314, 317, 342, 343];
    expect(Math.abs(growthPct(spike))).toBeLessThan(5);
  });

  it('a flat line is 0%, a fall is negative, and one sample is compared with itself', () => {
    expect(growthPct([250, 250, 250, 250, 250, 250])).toBe(0);
    expect(growthPct([400, 400, 300, 300, 200, 200])).toBe(-50);
    expect(growthPct([123])).toBe(0);
  });
});
