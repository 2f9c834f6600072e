import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Goal } from '../quests/types.ts';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import ProfilePage from './ProfilePage.tsx';

const goal = (
  id: string,
  title: string,
  is_completed: boolean,
  foundation: Goal['foundation'] = null,
): Goal => ({
  id,
  title,
  deadline: null,
  class_name: 'general',
  foundation,
  is_completed,
  progress: is_completed ? 100 : 0,
});

function masteryCard(discipline: string): HTMLElement {
  const card = document.querySelector<HTMLElement>(`[data-discipline="${discipline}"]`);
  if (!card) throw new Error(`no card ${discipline}`);
  return card;
}

describe('my profile', () => {
  it('computes Discipline Mastery on the client: 100 per completed goal + 25 per goal, 200 XP a level', async () => {
    mockApi({
      'GET /api/goals': {
        body: [
          // Finance by keyword: 2 goals, 1 completed → 150 XP, Level 1, 75%.
          goal('g1', 'Save money for a bike', true),
          goal('g2', 'Pay off debt', false),
          // Health by keyword: 2 completed → 250 XP, Level 2, 25%.
          goal('g3', 'Run a marathon', true),
          goal('g4', 'Go to the gym', true),
          // An explicit foundation wins over keywords ('read' would say Intelligence).
          goal('g5', 'Read about stoicism', false, 'Spirit'),
        ],
      },
      'GET /api/milestones': { body: [] },
    });
    renderWithProviders(<ProfilePage />, { user: testUser });
    await within(masteryCard('Finance')).findByText('150 XP');

    expect(within(masteryCard('Finance')).getByText('Level 1')).toBeTruthy();
    expect(within(masteryCard('Finance')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75');
    expect(within(masteryCard('Finance')).getByText('1/2 quests complete')).toBeTruthy();

    expect(within(masteryCard('Health')).getByText('250 XP')).toBeTruthy();
    expect(within(masteryCard('Health')).getByText('Level 2')).toBeTruthy();
    expect(within(masteryCard('Health')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');

    expect(within(masteryCard('Spirit')).getByText('25 XP')).toBeTruthy();
    // No goals: 0 XP, Level 1, an empty bar (the default discipline gets nothing for free).
    expect(within(masteryCard('Intelligence')).getByText('0 XP')).toBeTruthy();
    expect(within(masteryCard('Intelligence')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe(
      '0',
    );

    expect(screen.getByRole('heading', { name: 'Goal Distribution' })).toBeTruthy();
    expect(screen.getByTestId('distribution-Finance').textContent).toBe('2 goals (40%)');
    expect(screen.getByTestId('distribution-Spirit').textContent).toBe('1 goal (20%)');
  });

  it('draws the Goal Distribution ring at once, a single discipline as the whole ring', async () => {
    mockApi({
      'GET /api/goals': { body: [goal('g1', 'Read 12 books', false, 'Intelligence')] },
      'GET /api/milestones': { body: [] },
    });
    renderWithProviders(<ProfilePage />, { user: testUser });
    await screen.findByText('1 goal (100%)');

    const chart = screen.getByTestId('distribution-chart');
    const slices = chart.querySelectorAll('[data-slice]');
    expect([...slices].map((slice) => slice.getAttribute('data-slice'))).toEqual(['Intelligence']);
    const [drawn, blank] = (slices[0]?.getAttribute('stroke-dasharray') ?? '').split(' ').map(Number);
    expect(drawn).toBeGreaterThan(0);
    expect(blank).toBeCloseTo(0, 6);
  });

  it('shows the hero profile with class, level and XP', async () => {
    mockApi({ 'GET /api/goals': { body: [] }, 'GET /api/milestones': { body: [] } });
    renderWithProviders(<ProfilePage />, { user: testUser });
    expect(await screen.findByRole('heading', { name: 'Aria' })).toBeTruthy();
    expect(screen.getByText('Pathfinder Initiate')).toBeTruthy();
    expect(screen.getByText('Level 2')).toBeTruthy();
    expect(screen.getByText('150 XP')).toBeTruthy();
    expect(screen.getByText('Questing since Jan 10, 2026')).toBeTruthy();
  });

  it('puts the standing first and the settings after it, Delete my account last (one long column on a phone)', async () => {
    mockApi({ 'GET /api/goals': { body: [] }, 'GET /api/milestones': { body: [] } });
    renderWithProviders(<ProfilePage />, { user: testUser });
    await screen.findByRole('heading', { name: 'Aria' });
    const order = [
      'Daily Streak',
      'Discipline Mastery',
      'Goal Distribution',
      'XP History',
      'In the Fellowship Hall',
      'Subscribe in your calendar',
      'Delete my account',
    ];
    const headings = await waitFor(() => {
      const names = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.trim() ?? '');
      for (const name of order) expect(names).toContain(name);
      return names;
    });
    expect(headings.filter((name) => order.includes(name))).toEqual(order);
    expect(headings.at(-1)).toBe('Delete my account');
  });

  it("says 'Please log in to view your profile' with no user", () => {
    mockApi({});
    renderWithProviders(<ProfilePage />, { user: null });
    expect(screen.getByText('Please log in to view your profile')).toBeTruthy();
  });
});

describe('in the Fellowship Hall (profile settings)', () => {
  it('renames through PATCH /api/auth/me, then says when the next rename is allowed', async () => {
    const { callsTo } = mockApi({
      'GET /api/goals': { body: [] },
      'GET /api/milestones': { body: [] },
      'PATCH /api/auth/me': ({ body }) => ({
        body: {
          ...testUser,
          name: (body as { name: string }).name,
          nextRenameAt: '2026-01-11T12:00:00.000Z',
        },
      }),
    });
    renderWithProviders(<ProfilePage />, { user: testUser });
    const field = screen.getByLabelText('Hero name') as HTMLInputElement;
    const rename = screen.getByRole('button', { name: 'Rename' }) as HTMLButtonElement;
    expect(rename.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'Aria Stone' } });
    fireEvent.click(rename);
    await waitFor(() => expect(screen.getByTestId('rename-hint').textContent).toContain('after'));
    expect(callsTo('PATCH', '/api/auth/me')[0]?.body).toEqual({ name: 'Aria Stone' });
    expect((screen.getByLabelText('Hero name') as HTMLInputElement).disabled).toBe(true);
  });

  it('leaves the global rankings with the switch', async () => {
    const { callsTo } = mockApi({
      'GET /api/goals': { body: [] },
      'GET /api/milestones': { body: [] },
      'PATCH /api/auth/me': { body: { ...testUser, showInRankings: false } },
    });
    renderWithProviders(<ProfilePage />, { user: testUser });
    const toggle = screen.getByRole('switch', { name: /Show me in the global rankings/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(false));
    expect(callsTo('PATCH', '/api/auth/me')[0]?.body).toEqual({ show_in_rankings: false });
    expect(screen.getByText(/only your friends see your place/)).toBeTruthy();
  });
});
