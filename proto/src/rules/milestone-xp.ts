// How a quest's XP is shared among its milestones when a plan is drawn up: every milestone weighs 1 and
// the last weighs 2, because crossing the finish line is the hardest step; rounding leftovers go to the
// last, so the shares always add up to the total exactly. 100 XP over 3 milestones is the fallback
// plan's 25/25/50 (docs/product.md#xp-rules).

/** `totalXp` split into `count` whole shares, the last worth about twice the others. */
export function splitMilestoneXp(totalXp: number, count: number): number[] {
  if (count <= 0) return [];
  const weights = Array.from({ length: count }, (_, i) => (i === count - 1 ? 2 : 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.floor((totalXp * w) / sum));
  shares[count - 1]! += totalXp - shares.reduce((a, b) => a + b, 0);
  return shares;
}
