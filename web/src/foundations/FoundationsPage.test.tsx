import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Goal } from '../quests/types.ts';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import FoundationsPage from './FoundationsPage.tsx';

const goal = (
  id: string,
  title: string,
  foundation: Goal['foundation'],
  is_completed = false,
  progress = 0,
): Goal => ({
  id,
  title,
  deadline: null,
  class_name: 'general',
  foundation,
  is_completed,
  progress,
});

const goals: Goal[] = [
  goal('g1', 'Read 12 books', null, false, 42),
  goal('g2', 'Meditate daily', null, true, 100),
  goal('g3', 'Build a budget', 'Finance', true, 100),
  goal('g4', 'Invest monthly', 'Finance', false, 10),
];

function foundationCard(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('foundations', () => {
  it('lists unassigned goals with progress and an assign dropdown', async () => {
    mockApi({ 'GET /api/goals': { body: goals } });
    renderWithProviders(<FoundationsPage />, { user: testUser });

    expect(await screen.findByRole('heading', { name: 'Foundation Assignment' })).toBeTruthy();
    const unassigned = screen.getByRole('region', { name: 'Unassigned Goals (2)' });
    expect(within(unassigned).getByText('Progress: 42%')).toBeTruthy();
    expect(within(unassigned).getByText('Progress: 100%')).toBeTruthy();
    expect(within(unassigned).getAllByLabelText('Completed')).toHaveLength(1);
    expect(within(unassigned).getAllByText('Assign to...')).toHaveLength(2);
  });

  it('shows each foundation with its description, counts, goals and empty text', async () => {
    mockApi({ 'GET /api/goals': { body: goals } });
    renderWithProviders(<FoundationsPage />, { user: testUser });
    await screen.findByRole('heading', { name: 'Foundation Assignment' });

    const finance = foundationCard('Finance');
    expect(
      within(finance).getByText('Financial literacy, savings, investments, wealth building'),
    ).toBeTruthy();
    expect(within(finance).getByText('2 Goals')).toBeTruthy();
    expect(within(finance).getByText('1 Complete')).toBeTruthy();
    expect(within(finance).getAllByTitle('Remove from foundation')).toHaveLength(2);

    expect(within(foundationCard('Health')).getByText('No goals assigned yet')).toBeTruthy();
    expect(within(foundationCard('Health')).getByText('0 Goals')).toBeTruthy();

    const summary = screen.getByRole('region', { name: 'Foundation Progress Summary' });
    expect(within(summary).getByTestId('summary-Finance').textContent).toContain('50%');
    expect(within(summary).getByTestId('summary-Finance').textContent).toContain('1/2 complete');
    expect(within(summary).getByTestId('summary-Spirit').textContent).toContain('0%');
    expect(within(summary).getByTestId('summary-Spirit').textContent).toContain('0/0 complete');
  });

  it('assigns through the dropdown and confirms with a toast', async () => {
    const { callsTo } = mockApi({
      'GET /api/goals': { body: goals },
      'PATCH /api/goals/g1/foundation': { body: { ...goals[0], foundation: 'Intelligence' } },
    });
    renderWithProviders(<FoundationsPage />, { user: testUser });
    await screen.findByRole('heading', { name: 'Foundation Assignment' });

    // The trigger reads 'Assign to...' and is described by the goal it belongs to.
    const trigger = screen.getByRole('button', { name: 'Assign to...', description: 'Read 12 books' });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Intelligence' }));

    expect(await screen.findByText('Foundation Assigned')).toBeTruthy();
    expect(screen.getByText('Goal has been assigned to foundation successfully')).toBeTruthy();
    expect(callsTo('PATCH', '/api/goals/g1/foundation')[0]?.body).toEqual({ foundation: 'Intelligence' });
    await waitFor(() => expect(callsTo('GET', '/api/goals').length).toBe(2));
  });

  it("removes with an empty foundation and reports failure as 'Assignment Failed'", async () => {
    const { callsTo } = mockApi({
      'GET /api/goals': { body: goals },
      'PATCH /api/goals/g3/foundation': {
        status: 503,
        body: { error: 'Service unavailable', message: 'x', code: 'SERVICE_UNAVAILABLE' },
      },
    });
    renderWithProviders(<FoundationsPage />, { user: testUser });
    await screen.findByRole('heading', { name: 'Foundation Assignment' });

    const finance = foundationCard('Finance');
    fireEvent.click(within(finance).getAllByTitle('Remove from foundation')[0]!);

    expect(await screen.findByText('Assignment Failed')).toBeTruthy();
    expect(screen.getByText('Failed to assign foundation')).toBeTruthy();
    expect(callsTo('PATCH', '/api/goals/g3/foundation')[0]?.body).toEqual({ foundation: '' });
  });

  describe('keeps the keyboard focus on the goal it moved', () => {
    /** A goals API that applies each PATCH, so the re-read list shows the goal in its new place. */
    function goalsServer(goalId: string) {
      let current = goals;
      return mockApi({
        'GET /api/goals': () => ({ body: current }),
        [`PATCH /api/goals/${goalId}/foundation`]: (call) => {
          const { foundation } = call.body as { foundation: Goal['foundation'] };
          current = current.map((g) => (g.id === goalId ? { ...g, foundation: foundation || null } : g));
          return { body: current.find((g) => g.id === goalId) };
        },
      });
    }

    it("moves it to the goal's × in its new foundation card after assigning from the keyboard", async () => {
      goalsServer('g1');
      renderWithProviders(<FoundationsPage />, { user: testUser });
      await screen.findByRole('heading', { name: 'Foundation Assignment' });

      const trigger = screen.getByRole('button', { name: 'Assign to...', description: 'Read 12 books' });
      trigger.focus();
      fireEvent.keyDown(trigger, { key: 'Enter' });
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Intelligence' }));

      const intelligence = foundationCard('Intelligence');
      const remove = await within(intelligence).findByRole('button', {
        name: 'Remove from foundation',
        description: 'Read 12 books',
      });
      await waitFor(() => expect(document.activeElement).toBe(remove));
      expect(trigger.isConnected).toBe(false);
    });

    it("moves it to the goal's 'Assign to...' in the Unassigned card after removing it", async () => {
      goalsServer('g3');
      renderWithProviders(<FoundationsPage />, { user: testUser });
      await screen.findByRole('heading', { name: 'Foundation Assignment' });

      const remove = within(foundationCard('Finance')).getByRole('button', {
        name: 'Remove from foundation',
        description: 'Build a budget',
      });
      remove.focus();
      fireEvent.click(remove);

      const unassigned = await screen.findByRole('region', { name: 'Unassigned Goals (3)' });
      const trigger = within(unassigned).getByRole('button', {
        name: 'Assign to...',
        description: 'Build a budget',
      });
      await waitFor(() => expect(document.activeElement).toBe(trigger));
      expect(remove.isConnected).toBe(false);
    });

    it('falls back to the foundation heading when the goal has no control left', async () => {
      // The goal vanishes from the list (say, deleted elsewhere meanwhile): nothing of it is left to focus.
      let current = goals;
      mockApi({
        'GET /api/goals': () => ({ body: current }),
        'PATCH /api/goals/g4/foundation': () => {
          current = goals.filter((g) => g.id !== 'g4');
          return { body: { ...goals[3], foundation: null } };
        },
      });
      renderWithProviders(<FoundationsPage />, { user: testUser });
      await screen.findByRole('heading', { name: 'Foundation Assignment' });

      const remove = within(foundationCard('Finance')).getByRole('button', {
        name: 'Remove from foundation',
        description: 'Invest monthly',
      });
      remove.focus();
      fireEvent.click(remove);

      await waitFor(() => expect(remove.isConnected).toBe(false));
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Finance', level: 2 })),
      );
    });
  });
});
