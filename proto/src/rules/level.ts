// The life level curve. Reaching level L+1 from level L costs 100·L XP, so level L starts at
// 50·L·(L−1) XP: level 1 at 0, 2 at 100, 3 at 300, 4 at 600, 5 at 1000. Each level asks a little
// more than the last, which keeps early levels quick and later ones meaningful.

const XP_STEP = 100;

// totalXP is a sum of whole-number ledger entries; anything else (negative, fractional, NaN) is
// clamped rather than rejected so a header never breaks over a bad number.
function wholeXp(totalXp: number): number {
  if (!Number.isFinite(totalXp) || totalXp <= 0) return 0;
  return Math.floor(totalXp);
}

/** The total XP at which `level` starts: 50·L·(L−1). Levels below 1 (or not numbers) count as level 1. */
export function xpForLevel(level: number): number {
  if (!Number.isFinite(level) || level <= 1) return 0;
  const whole = Math.floor(level);
  return (XP_STEP / 2) * whole * (whole - 1);
}

/** The life level reached with `totalXp`: the highest L with xpForLevel(L) <= totalXp. */
export function lifeLevelForXp(totalXp: number): number {
  const xp = wholeXp(totalXp);
  // Solving 50·L·(L−1) <= xp for L; the square root is inexact near thresholds, so correct it.
  let level = Math.max(1, Math.floor((1 + Math.sqrt(1 + (8 * xp) / XP_STEP)) / 2));
  while (xpForLevel(level + 1) <= xp) level++;
  while (level > 1 && xpForLevel(level) > xp) level--;
  return level;
}

export interface LevelProgress {
  level: number;
  /** XP earned since the current level started. */
  xpIntoLevel: number;
  /** XP the current level spans, i.e. what reaching the next level costs from its start (100·L). */
  xpForNextLevel: number;
  /** xpIntoLevel as an integer percent of xpForNextLevel, rounded down. */
  percent: number;
}

/** Where a hero stands inside their level, for the header and profile progress bars. */
export function levelProgress(totalXp: number): LevelProgress {
  const xp = wholeXp(totalXp);
  const level = lifeLevelForXp(xp);
  const xpIntoLevel = xp - xpForLevel(level);
  const xpForNextLevel = XP_STEP * level;
  return { level, xpIntoLevel, xpForNextLevel, percent: Math.floor((100 * xpIntoLevel) / xpForNextLevel) };
}
