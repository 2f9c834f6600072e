import { describe, expect, it } from 'vitest';
import { levelProgress, lifeLevelForXp, xpForLevel } from './level.ts';

describe('the life level curve', () => {
  it.each([
    [1, 0],
    [2, 100],
    [3, 300],
    [4, 600],
    [5, 1000],
    [10, 4500],
  ])('level %i starts at %i XP', (level, xp) => {
    expect(xpForLevel(level)).toBe(xp);
    expect(lifeLevelForXp(xp)).toBe(level);
    expect(lifeLevelForXp(xp - 1)).toBe(Math.max(1, level - 1));
  });

  it('costs 100·L XP to go from level L to L+1', () => {
    for (let level = 1; level <= 200; level++) {
      expect(xpForLevel(level + 1) - xpForLevel(level)).toBe(100 * level);
    }
  });

  it('agrees with the thresholds at every XP total around them, far up the curve', () => {
    for (let level = 1; level <= 2000; level++) {
      const start = xpForLevel(level);
      expect(lifeLevelForXp(start)).toBe(level);
      expect(lifeLevelForXp(start + 100 * level - 1)).toBe(level);
    }
  });

  it('treats negative, fractional and non-numeric XP sanely', () => {
    expect(lifeLevelForXp(-50)).toBe(1);
    expect(lifeLevelForXp(99.9)).toBe(1);
    expect(lifeLevelForXp(100.5)).toBe(2);
    expect(lifeLevelForXp(Number.NaN)).toBe(1);
    expect(xpForLevel(0)).toBe(0);
    expect(xpForLevel(-3)).toBe(0);
    expect(xpForLevel(2.7)).toBe(100);
  });
});

describe('progress inside a level', () => {
  it('starts a fresh hero at level 1 with an empty bar', () => {
    expect(levelProgress(0)).toEqual({ level: 1, xpIntoLevel: 0, xpForNextLevel: 100, percent: 0 });
  });

  it('measures XP from the start of the current level', () => {
    expect(levelProgress(450)).toEqual({ level: 3, xpIntoLevel: 150, xpForNextLevel: 300, percent: 50 });
  });

  it('empties the bar again on reaching a new level', () => {
    expect(levelProgress(600)).toEqual({ level: 4, xpIntoLevel: 0, xpForNextLevel: 400, percent: 0 });
  });

  it('never shows a full bar before the level is reached', () => {
    expect(levelProgress(299).percent).toBe(99);
  });

  it('clamps negative XP to an empty level 1', () => {
    expect(levelProgress(-20)).toEqual({ level: 1, xpIntoLevel: 0, xpForNextLevel: 100, percent: 0 });
  });
});
