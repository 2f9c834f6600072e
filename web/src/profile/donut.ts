export interface DonutEntry {
  name: string;
  value: number;
  color: string;
}

export interface DonutArc extends DonutEntry {
  /** Length of the arc along the ring, in the ring's own units. */
  length: number;
  /** Where the arc starts, measured clockwise from 12 o'clock. */
  start: number;
  /** Share of the whole, 0-1. */
  share: number;
}

/**
 * The arcs of a donut chart along a ring of the given circumference, one per entry with a value, in
 * order and clockwise from 12 o'clock. Neighbouring arcs are parted by `gap`; a lone arc is the whole
 * ring with no gap, so one goal draws a full circle.
 */
export function donutArcs(entries: readonly DonutEntry[], circumference: number, gap = 0): DonutArc[] {
  const shown = entries.filter((entry) => Number.isFinite(entry.value) && entry.value > 0);
  const total = shown.reduce((sum, entry) => sum + entry.value, 0);
  if (total === 0) return [];
  const parting = shown.length > 1 ? gap : 0;
  let start = 0;
  return shown.map((entry) => {
    const share = entry.value / total;
    const span = share * circumference;
    const arc = { ...entry, share, start, length: Math.max(0, span - parting) };
    start += span;
    return arc;
  });
}
