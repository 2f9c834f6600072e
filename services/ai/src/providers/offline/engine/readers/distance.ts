import { KM_PER_MILE, round, type Target } from './quantity.ts';

// Distances: '5k', '10 km', '2 miles', '5,000 metres', 'a marathon', 'a half-marathon'. A race named by
// its distance is that distance (a marathon is 42.2 km).

export type DistanceFound = { target: Target; km: number; index: number; end: number };

const DISTANCE =
  /\b(?:an?\s+)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k|km|kms|kilomet(?:er|re)s?|mi|miles?|m|metres|meters)\b|\b(half[- ]?marathon|ultra ?marathon|marathon|mile)\b/;

/** `text` in lower case. */
export function readDistance(text: string): DistanceFound | null {
  const m = DISTANCE.exec(text);
  if (!m) return null;
  const end = m.index + m[0].length;
  if (m[3]) {
    const word = m[3];
    const km = word.startsWith('half')
      ? 21.1
      : word.startsWith('ultra')
        ? 50
        : word === 'mile'
          ? KM_PER_MILE
          : 42.2;
    const target: Target =
      word === 'mile'
        ? { value: 1, unit: 'mi', kind: 'distance' }
        : { value: km, unit: 'km', kind: 'distance' };
    return { target, km, index: m.index, end };
  }
  const value = Number(m[1]!.replace(/,/g, ''));
  if (value <= 0) return null;
  const unit = m[2]!;
  if (/^mi/.test(unit))
    return { target: { value, unit: 'mi', kind: 'distance' }, km: value * KM_PER_MILE, index: m.index, end };
  // Metres are read as kilometres: the plan tracks one distance unit.
  const km = /^m(?:et|$)/.test(unit) ? round(value / 1000, 3) : value;
  return { target: { value: km, unit: 'km', kind: 'distance' }, km, index: m.index, end };
}
