import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import { TargetProgress } from './TargetProgress.tsx';
import { loggedTotal, milestoneEarnedByLog, tallyFor } from './targetProgress.ts';

afterEach(() => vi.unstubAllGlobals());

function detailWith(values: number[]) {
  return {
    body: {
      goal: {
        id: 'g1',
        title: 'Goal',
        deadline: null,
        class_name: 'general',
        foundation: null,
        is_completed: false,
        progress: 0,
      },
      // Newest first, as the server sends them.
      progress: values.map((value, index) => ({
        id: `p${index}`,
        value,
        note: null,
        ts: `2026-03-${String(20 - index).padStart(2, '0')}T08:00:00.000Z`,
      })),
      milestones: [],
    },
  };
}

async function shown(values: number[], target: number, unit: string | null): Promise<string> {
  mockApi({ 'GET /api/goals/g1': detailWith(values) });
  renderWithProviders(<TargetProgress goalId="g1" title="Goal" target={target} unit={unit} />, {
    user: testUser,
  });
  const line = await screen.findByTestId('logged-against-target');
  await vi.waitFor(() => expect(line.textContent).not.toContain('…'));
  return line.textContent ?? '';
}

describe('logged against the target', () => {
  it('adds money up: $250 of $2,000', async () => {
    expect(await shown([150, 100], 2000, '$')).toBe('Logged:$250 of $2,000');
  });

  it('adds distance up: 12.5 km of 42 km', async () => {
    expect(await shown([7.5, 5], 42, 'km')).toBe('Logged:12.5 km of 42 km');
  });

  it('reads a weight as the newest entry: 81.5 kg of 75 kg', async () => {
    expect(await shown([81.5, 84, 86], 75, 'kg')).toBe('Logged:81.5 kg of 75 kg');
  });

  it('reads a time as the newest entry, in min:s: 27:00 of 25:00 min:s', async () => {
    expect(await shown([1620, 1700], 1500, 'min:s')).toBe('Logged:27:00 of 25:00 min:s');
  });

  it('adds counts up: 3 books of 12 books, and a unitless count: 4 of 10', async () => {
    expect(await shown([1, 2], 12, 'books')).toBe('Logged:3 books of 12 books');
  });

  it('counts without a unit: 4 of 10', async () => {
    expect(await shown([4], 10, null)).toBe('Logged:4 of 10');
  });

  it('shows nothing logged yet as zero of the target', async () => {
    expect(await shown([], 2000, '$')).toBe('Logged:$0 of $2,000');
  });

  it('shows a reading not yet taken as a dash, not as zero', async () => {
    expect(await shown([], 15, '% body fat')).toBe('Logged:— of 15% body fat');
  });

  it('reads a score as the newest entry: 735 credit score of 750 credit score', async () => {
    expect(await shown([735, 720], 750, 'credit score')).toBe('Logged:735 credit score of 750 credit score');
  });

  it('offers to tick the milestone whose share of the target the total has passed', async () => {
    mockApi({ 'GET /api/goals/g1': detailWith([600, 500]) });
    const onTick = vi.fn();
    renderWithProviders(
      <TargetProgress
        goalId="g1"
        title="Save $2,000"
        target={2000}
        unit="$"
        milestones={[
          { id: 'm1', title: 'Save $500', done: true },
          { id: 'm2', title: 'Save $1,000', done: false },
          { id: 'm3', title: 'Save $1,500', done: false },
          { id: 'm4', title: 'Save $2,000', done: false },
        ]}
        onTick={onTick}
      />,
      { user: testUser },
    );
    const offer = await screen.findByTestId('earned-milestone');
    expect(offer.textContent).toContain('$1,100 logged: “Save $1,000” looks done.');
    fireEvent.click(screen.getByRole('button', { name: 'Tick “Save $1,000” on Save $2,000' }));
    expect(onTick).toHaveBeenCalledWith('m2');
  });
});

describe('target tallies', () => {
  it('sums money, distance and counts; reads times, weights, percentages and rates', () => {
    expect(['$', 'km', 'books', '', null].map(tallyFor)).toEqual(['sum', 'sum', 'sum', 'sum', 'sum']);
    expect(['min:s', 'kg', 'lbs', '%', 'CEFR level', 'steps/day', '$/month'].map(tallyFor)).toEqual(
      Array(7).fill('latest'),
    );
    expect(['% body fat', 'credit score', 'GPA', 'handicap', 'chess rating'].map(tallyFor)).toEqual(
      Array(5).fill('latest'),
    );
  });

  it('takes the newest reading whatever the order', () => {
    const entries = [
      { value: 80, ts: '2026-03-01T00:00:00Z' },
      { value: 78, ts: '2026-03-05T00:00:00Z' },
      { value: 79, ts: '2026-03-03T00:00:00Z' },
    ];
    expect(loggedTotal(entries, 'kg')).toBe(78);
    expect(loggedTotal(entries, 'km')).toBe(237);
    expect(loggedTotal([], 'km')).toBeNull();
  });

  it('offers no milestone for a reading, nor before its share is reached', () => {
    const milestones = [
      { id: 'a', title: 'A', done: false },
      { id: 'b', title: 'B', done: false },
    ];
    expect(milestoneEarnedByLog(milestones, 1400, 1500, 'min:s')).toBeNull();
    expect(milestoneEarnedByLog(milestones, 49, 100, 'km')).toBeNull();
    expect(milestoneEarnedByLog(milestones, 50, 100, 'km')?.id).toBe('a');
  });
});
