import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app/App.tsx';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import QuestsPage from './QuestsPage.tsx';
import type { Goal, Milestone } from './types.ts';

const goal: Goal = {
  id: 'g1',
  title: 'Run a 5K',
  deadline: '2026-06-30',
  class_name: 'general',
  foundation: 'Health',
  is_completed: false,
  progress: 33,
};

const milestones: Milestone[] = [
  { id: 'm1', goal_id: 'g1', title: 'Run 1K', is_completed: true, xp_reward: 25, due_date: '2026-03-01' },
  { id: 'm2', goal_id: 'g1', title: 'Run 3K', is_completed: false, xp_reward: 25, due_date: '2026-04-15' },
  { id: 'm3', goal_id: 'g1', title: 'Run 5K', is_completed: false, xp_reward: 50, due_date: null },
];

function card() {
  return screen.getByRole('region', { name: 'Run a 5K' });
}

describe('quests dashboard', () => {
  it("shows the 'No Active Quests' empty state", async () => {
    mockApi({ 'GET /api/goals': { body: [] }, 'GET /api/milestones': { body: [] } });
    renderWithProviders(<QuestsPage />, { user: testUser });
    expect(await screen.findByText('No Active Quests')).toBeTruthy();
    expect(
      screen.getByText('Complete the onboarding with The Pathfinder to create your first quest.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Current Quests' })).toBeTruthy();
  });

  it('draws the cards only once their milestones are in, so no card grows and pushes the page down', async () => {
    let answerMilestones: (reply: { body: Milestone[] }) => void = () => {};
    mockApi({
      'GET /api/goals': { body: [goal] },
      'GET /api/milestones': () => new Promise((resolve) => (answerMilestones = resolve)),
    });
    renderWithProviders(<QuestsPage />, { user: testUser });
    await screen.findByText('Loading quests...');
    // The goals are in by now; the card still waits for its milestones.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('heading', { name: 'Run a 5K' })).toBeNull();
    act(() => answerMilestones({ body: milestones }));
    await screen.findByRole('heading', { name: 'Run a 5K' });
    expect(within(card()).getByTestId('quest-progress-count').textContent).toBe('1/3');
  });

  it('shows a card with its target date, a completed/total progress bar and dated milestone rows', async () => {
    mockApi({ 'GET /api/goals': { body: [goal] }, 'GET /api/milestones': { body: milestones } });
    renderWithProviders(<QuestsPage />, { user: testUser });
    await screen.findByRole('heading', { name: 'Run a 5K' });

    expect(within(card()).getByText('Target: Jun 30, 2026')).toBeTruthy();
    expect(within(card()).getByTestId('quest-progress-count').textContent).toBe('1/3');
    expect(
      within(card()).getByRole('progressbar', { name: 'Run a 5K progress' }).getAttribute('aria-valuenow'),
    ).toBe('33');

    const rows = within(card())
      .getAllByRole('button', { pressed: undefined })
      .filter((b) => b.hasAttribute('aria-pressed'));
    expect(rows.map((row) => row.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
    expect(rows[0]?.textContent).toContain('Due Mar 1, 2026');
    expect(rows[0]?.textContent).toContain('25 XP');
    expect(rows[2]?.textContent).not.toContain('Due');
    expect(within(rows[0]!).getByTestId('milestone-done')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('milestone-open')).toBeTruthy();
  });

  it("moves the header XP from the toggle answer's totals, without fetching the hero again", async () => {
    let serverMilestones = milestones;
    const { callsTo } = mockApi({
      'GET /api/goals': { body: [goal] },
      'GET /api/milestones': () => ({ body: serverMilestones }),
      'POST /api/milestones/m2/toggle': () => {
        serverMilestones = milestones.map((m) => (m.id === 'm2' ? { ...m, is_completed: true } : m));
        return {
          body: {
            milestone: serverMilestones[1],
            goal: { id: 'g1', progress: 66, is_completed: false },
            xpDelta: 25,
            user: { totalXP: 175, lifeLevel: 2 },
          },
        };
      },
      // Stale: it would pull the header back if it were asked.
      'GET /api/auth/me': { body: testUser },
    });
    renderWithProviders(<App />, { user: testUser });
    expect((await screen.findByTestId('header-xp')).textContent).toBe('150 XP');
    await screen.findByRole('heading', { name: 'Run a 5K' });

    fireEvent.click(screen.getByRole('button', { name: /Run 3K/ }));

    await waitFor(() => expect(screen.getByTestId('header-xp').textContent).toBe('175 XP'));
    expect(screen.getByTestId('header-level').textContent).toBe('Level 2');
    expect(screen.getByRole('button', { name: /Run 3K/ }).getAttribute('aria-pressed')).toBe('true');
    expect(callsTo('POST', '/api/milestones/m2/toggle')).toHaveLength(1);
    await waitFor(() => expect(callsTo('GET', '/api/milestones').length).toBeGreaterThan(1));
    expect(callsTo('GET', '/api/goals').length).toBeGreaterThan(1);
    expect(callsTo('GET', '/api/auth/me')).toHaveLength(0);
    expect(screen.getByTestId('header-xp').textContent).toBe('175 XP');
  });

  describe('a toggle answered before auth confirmed the XP (user: null)', () => {
    /** Renders the app, then toggles 'Run 3K' (+25 XP) under fake timers; auth has it from `caughtUpAt`. */
    async function toggleWhileAuthIsSlow(caughtUpAt: number) {
      let serverMilestones = milestones;
      let meCalls = 0;
      const api = mockApi({
        'GET /api/goals': { body: [goal] },
        'GET /api/milestones': () => ({ body: serverMilestones }),
        'POST /api/milestones/m2/toggle': () => {
          serverMilestones = milestones.map((m) => (m.id === 'm2' ? { ...m, is_completed: true } : m));
          return {
            body: {
              milestone: serverMilestones[1],
              goal: { id: 'g1', progress: 66, is_completed: false },
              xpDelta: 25,
              user: null,
            },
          };
        },
        'GET /api/auth/me': () => {
          meCalls += 1;
          // Once caught up, the ledger also holds a 10 XP early bonus the toggle answer did not know of.
          return { body: meCalls >= caughtUpAt ? { ...testUser, totalXP: 185 } : testUser };
        },
      });
      renderWithProviders(<App />, { user: testUser });
      expect((await screen.findByTestId('header-xp')).textContent).toBe('150 XP');
      await screen.findByRole('heading', { name: 'Run a 5K' });
      vi.useFakeTimers();
      fireEvent.click(screen.getByRole('button', { name: /Run 3K/ }));
      await act(() => vi.advanceTimersByTimeAsync(0));
      return { ...api, xp: () => screen.getByTestId('header-xp').textContent };
    }
    // Advances the clock, plus a few milliseconds for the answers it released to arrive and render.
    const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms + 10));

    afterEach(() => {
      vi.useRealTimers();
    });

    it('keeps the optimistic XP while auth catches up, then takes its totals, and never snaps back', async () => {
      const { xp, callsTo } = await toggleWhileAuthIsSlow(3);
      expect(xp()).toBe('175 XP');
      expect(screen.getByTestId('header-level').textContent).toBe('Level 2');
      // No immediate refetch: auth still has the old totals.
      expect(callsTo('GET', '/api/auth/me')).toHaveLength(0);

      await wait(500);
      expect(callsTo('GET', '/api/auth/me')).toHaveLength(1);
      expect(xp()).toBe('175 XP');
      await wait(1_000);
      expect(callsTo('GET', '/api/auth/me')).toHaveLength(2);
      expect(xp()).toBe('175 XP');
      await wait(2_000);
      // The third look finds the ledger caught up: its totals show, and the hero is not fetched again.
      expect(callsTo('GET', '/api/auth/me')).toHaveLength(3);
      expect(xp()).toBe('185 XP');
      await wait(30_000);
      expect(callsTo('GET', '/api/auth/me')).toHaveLength(3);
      expect(xp()).toBe('185 XP');
    });

    it('gives up after four looks and keeps the optimistic XP', async () => {
      const { xp, callsTo } = await toggleWhileAuthIsSlow(Number.POSITIVE_INFINITY);
      await wait(500 + 1_000 + 2_000 + 4_000);
      expect(callsTo('GET', '/api/auth/me')).toHaveLength(4);
      await wait(60_000);
      expect(callsTo('GET', '/api/auth/me')).toHaveLength(4);
      expect(xp()).toBe('175 XP');
    });
  });

  it('keeps a toggling milestone focused and busy, and ignores a second tap meanwhile', async () => {
    const { callsTo } = mockApi({
      'GET /api/goals': { body: [goal] },
      'GET /api/milestones': { body: milestones },
      // The toggle stays on its way for the whole test.
      'POST /api/milestones/m2/toggle': () => new Promise(() => {}),
    });
    renderWithProviders(<QuestsPage />, { user: testUser });
    await screen.findByRole('heading', { name: 'Run a 5K' });
    const row = screen.getByRole('button', { name: /Run 3K/ });
    row.focus();

    fireEvent.click(row);
    await waitFor(() => expect(row.getAttribute('aria-busy')).toBe('true'));
    // A disabled button drops the keyboard focus to the page; a busy one keeps it.
    expect((row as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(row);

    fireEvent.click(row);
    expect(callsTo('POST', '/api/milestones/m2/toggle')).toHaveLength(1);
  });

  it('asks for confirmation before deleting, then toasts success', async () => {
    const { callsTo } = mockApi({
      'GET /api/goals': { body: [goal] },
      'GET /api/milestones': { body: milestones },
      'DELETE /api/goals/g1': { status: 204 },
    });
    renderWithProviders(<QuestsPage />, { user: testUser });
    await screen.findByRole('heading', { name: 'Run a 5K' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete quest Run a 5K' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete this goal? This will also remove all associated milestones.',
      ),
    ).toBeTruthy();
    expect(callsTo('DELETE', '/api/goals/g1')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Goal Deleted')).toBeTruthy();
    expect(screen.getByText('Your quest has been removed successfully.')).toBeTruthy();
    expect(callsTo('DELETE', '/api/goals/g1')).toHaveLength(1);
  });

  it('Cancel closes the confirmation without deleting and hands the focus back to the delete button', async () => {
    const { callsTo } = mockApi({
      'GET /api/goals': { body: [goal] },
      'GET /api/milestones': { body: milestones },
    });
    renderWithProviders(<QuestsPage />, { user: testUser });
    const remove = await screen.findByRole('button', { name: 'Delete quest Run a 5K' });
    expect(remove.getAttribute('aria-haspopup')).toBe('dialog');
    remove.focus();
    fireEvent.click(remove);
    const dialog = await screen.findByRole('alertdialog');
    expect(remove.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(remove));
    expect(remove.getAttribute('aria-expanded')).toBe('false');
    expect(callsTo('DELETE', '/api/goals/g1')).toHaveLength(0);
  });

  it('toasts the server message when deletion fails', async () => {
    mockApi({
      'GET /api/goals': { body: [goal] },
      'GET /api/milestones': { body: milestones },
      'DELETE /api/goals/g1': {
        status: 404,
        body: { error: 'Quest not found', message: 'x', code: 'QUEST_NOT_FOUND' },
      },
    });
    renderWithProviders(<QuestsPage />, { user: testUser });
    await screen.findByRole('heading', { name: 'Run a 5K' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete quest Run a 5K' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Delete Failed')).toBeTruthy();
    expect(screen.getByText('Quest not found')).toBeTruthy();
  });
});
