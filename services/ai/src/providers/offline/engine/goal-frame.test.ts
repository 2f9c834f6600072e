import { describe, expect, it } from 'vitest';
import { sameGoal } from './frame.ts';
import { readMessageFrame } from './goal-frame.ts';

const TODAY = new Date('2026-01-15T12:00:00Z');

describe('a message read as a goal frame', () => {
  it('holds the action, the things named, the amount, the date and the corrections applied', () => {
    const f = readMessageFrame('Ride 100 km on my road bike by August 1, no wait, by August 15', TODAY);
    expect(f.action).toBe('ride');
    expect(f.objects).toContain('my road bike');
    expect(f.about).toEqual(expect.arrayContaining(['road', 'bike']));
    expect(f.measure).toMatchObject({ type: 'total', target: { value: 100, unit: 'km' } });
    expect(f.deadline?.date).toBe('2026-08-15');
    expect(f.corrected).toBe(true);
    expect(f.leadsWithAction).toBe(true);
  });

  it('reads an imperative the tagger does not know as a verb as leading with its action', () => {
    const f = readMessageFrame('journal every evening for 6 weeks', TODAY);
    expect(f.leadsWithAction).toBe(true);
    expect(f.action).toBe('journal');
  });

  it('tells two goals apart by the things they name', () => {
    const coffee = readMessageFrame('cut my coffee down to one cup a day', TODAY);
    const bed = readMessageFrame('go to bed by 11pm every night for a month', TODAY);
    const moreCoffee = readMessageFrame('cut coffee to two cups a day by March', TODAY);
    expect(sameGoal(bed, coffee)).toBe(false);
    expect(sameGoal(moreCoffee, coffee)).toBe(true);
  });
});
