import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Goal } from '../quests/types.ts';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import FoundationsPage from './FoundationsPage.tsx';

const running: Goal = {
  id: 'g1',
  title: 'Run a 5K',
  deadline: null,
  class_name: 'general',
  foundation: null,
  is_completed: false,
  progress: 0,
};

describe('an unassigned quest on Foundations', () => {
  it('says where My Profile and the Skill Tree count it, and why', async () => {
    mockApi({
      'GET /api/goals': { body: [running, { ...running, id: 'g2', title: 'Call grandma weekly' }] },
    });
    renderWithProviders(<FoundationsPage />, { user: testUser });
    const run = await screen.findByTestId('counted-as-g1');
    expect(run.textContent).toContain('Counted as Health: confirm or change.');
    expect(run.textContent).toContain('Its title says “run”');
    const call = screen.getByTestId('counted-as-g2');
    expect(call.textContent).toContain('Counted as Intelligence: confirm or change.');
    expect(call.textContent).toContain('No keyword in its title');
  });

  it('confirms the counted foundation by assigning it', async () => {
    const api = mockApi({
      'GET /api/goals': { body: [running] },
      'PATCH /api/goals/g1/foundation': { body: { ...running, foundation: 'Health' } },
    });
    renderWithProviders(<FoundationsPage />, { user: testUser });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Health' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/goals/g1/foundation').map((call) => call.body)).toEqual([
        { foundation: 'Health' },
      ]),
    );
  });
});
