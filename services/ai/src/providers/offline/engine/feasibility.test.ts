import { describe, expect, it } from 'vitest';
import { assessFeasibility } from './feasibility.ts';
import type { Target } from './readers/quantity.ts';

const TODAY = new Date('2025-01-15T12:00:00Z');

function verdict(
  target: Target,
  deadline: string,
  domain: Parameters<typeof assessFeasibility>[0]['domain'] = null,
) {
  return assessFeasibility({ target, measure: { type: 'total', target }, domain, today: TODAY, deadline });
}

describe('assessFeasibility', () => {
  const kg = (value: number): Target => ({ value, unit: 'kg', kind: 'weight', direction: 'lose' });

  it('grades weight loss against 0.5-1 kg a week', () => {
    expect(verdict(kg(5), '2025-06-01').verdict).toBe('comfortable');
    expect(verdict(kg(10), '2025-04-15').verdict).toBe('moderate');
    expect(verdict(kg(40), '2025-01-29').verdict).toBe('unrealistic');
  });

  it('offers a safer deadline and target when unrealistic', () => {
    const f = verdict(kg(40), '2025-01-29');
    expect(f.concern).toMatch(/0\.5 to 1 kg a week/);
    expect(f.saferDeadline! > '2025-12-01').toBe(true);
    expect(f.saferTarget?.value).toBe(1.5);
  });

  it('flags an elite running time and a rushed marathon', () => {
    expect(verdict({ value: 600, unit: 'min:s', kind: 'time', distanceKm: 5 }, '2025-06-01').verdict).toBe(
      'unrealistic',
    );
    expect(verdict({ value: 1800, unit: 'min:s', kind: 'time', distanceKm: 5 }, '2025-06-01').verdict).toBe(
      'comfortable',
    );
    expect(verdict({ value: 42.2, unit: 'km', kind: 'distance' }, '2025-02-05').verdict).toBe('unrealistic');
    expect(verdict({ value: 42.2, unit: 'km', kind: 'distance' }, '2025-10-31').verdict).toBe('comfortable');
  });

  it('grades books and language levels by pace', () => {
    const books = (value: number): Target => ({ value, unit: 'books', kind: 'count' });
    expect(verdict(books(12), '2025-12-31', 'reading').pace).toBe('about 1 book every 4 weeks');
    expect(verdict(books(52), '2025-03-15', 'reading').verdict).toBe('unrealistic');
    const b2: Target = { value: 4, unit: 'CEFR level', kind: 'level' };
    expect(verdict(b2, '2025-03-01', 'language').verdict).toBe('unrealistic');
    expect(verdict(b2, '2027-07-01', 'language').verdict).toBe('comfortable');
  });

  it('leaves money to the hero, stating the monthly amount', () => {
    const f = verdict({ value: 5000, unit: '$', kind: 'money' }, '2025-07-15');
    expect(f.verdict).toBe('unknown');
    expect(f.pace).toBe('about $841 a month');
  });

  it('a goal squeezed into a few days is at least a stretch', () => {
    expect(verdict({ value: 2, unit: 'books', kind: 'count' }, '2025-01-19', 'reading').verdict).toBe(
      'stretch',
    );
  });
});
