import { describe, expect, it } from 'vitest';
import { donutArcs } from './donut.ts';

const entry = (name: string, value: number) => ({ name, value, color: '#fff' });

describe('donut arcs', () => {
  it('draws one entry as the whole ring, with no gap', () => {
    const arcs = donutArcs([entry('Finance', 0), entry('Intelligence', 1), entry('Spirit', 0)], 100, 2);
    expect(arcs).toHaveLength(1);
    expect(arcs[0]).toMatchObject({ name: 'Intelligence', start: 0, length: 100, share: 1 });
  });

  it('splits the ring by share, in order, parting neighbours by the gap', () => {
    const arcs = donutArcs([entry('Finance', 1), entry('Health', 3)], 100, 2);
    expect(arcs.map(({ name, start, length }) => ({ name, start, length }))).toEqual([
      { name: 'Finance', start: 0, length: 23 },
      { name: 'Health', start: 25, length: 73 },
    ]);
  });

  it('draws nothing without goals, and ignores unreadable values', () => {
    expect(donutArcs([entry('Finance', 0)], 100)).toEqual([]);
    expect(donutArcs([entry('Finance', Number.NaN), entry('Health', 2)], 100)).toHaveLength(1);
  });
});
