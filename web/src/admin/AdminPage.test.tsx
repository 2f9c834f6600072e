import type { AdminUserRow, TokenStats } from '@lifequest/proto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import AdminPage from './AdminPage.tsx';
import { dailyTotals, formatCost } from './adminStats.ts';

const admin = { ...testUser, id: 'admin-1', email: 'admin@lifequest.local', isAdmin: true };

const row = (id: string, name: string, overrides: Partial<AdminUserRow> = {}): AdminUserRow => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  is_onboarded: true,
  life_level: 3,
  total_xp: 1250,
  goal_count: 4,
  total_tokens: 12_345,
  total_cost: 0.012345,
  created_at: '2026-02-01T10:00:00.000Z',
  is_admin: false,
  deletion: null,
  ...overrides,
});

const stats: TokenStats = {
  total_stats: { total_cost: 0.5, total_tokens: 98_765, total_requests: 42 },
  daily_stats: [
    { date: '2026-03-02', endpoint: 'advisor', request_count: 3, total_tokens: 3000, total_cost: 0.00123 },
    { date: '2026-03-01', endpoint: 'story', request_count: 2, total_tokens: 5000, total_cost: 0.2 },
    { date: '2026-03-01', endpoint: 'advisor', request_count: 1, total_tokens: 1000, total_cost: 0.1 },
  ],
  by_model: [{ model: 'gpt-4o-mini', request_count: 6, total_tokens: 9000, total_cost: 0.30123 }],
  top_spenders: [
    { user_id: 'u2', name: 'Borin', request_count: 5, total_tokens: 8000, total_cost: 0.29 },
    { user_id: null, name: 'Deleted heroes', request_count: 1, total_tokens: 1000, total_cost: 0.01 },
  ],
};

describe('admin rules', () => {
  it('shows cost to 4 decimals', () => {
    expect(formatCost(0.012345)).toBe('$0.0123');
    expect(formatCost(2)).toBe('$2.0000');
  });

  it('sums the daily rows per day over the last 30 days, oldest first, days without calls as zeros', () => {
    const days = dailyTotals(stats.daily_stats, '2026-03-02');
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: '2026-02-01', tokens: 0, cost: 0, requests: 0 });
    expect(days.slice(-2)).toEqual([
      { date: '2026-03-01', tokens: 6000, cost: 0.30000000000000004, requests: 3 },
      { date: '2026-03-02', tokens: 3000, cost: 0.00123, requests: 3 },
    ]);
  });
});

describe('Admin Panel', () => {
  it('refuses a hero who is not an admin clearly, without a broken page', async () => {
    const { callsTo } = mockApi({
      'GET /api/admin/users': {
        status: 403,
        body: { error: 'Not allowed', message: 'Only an admin can do this.', code: 'FORBIDDEN' },
      },
    });
    renderWithProviders(<AdminPage />, { user: testUser });
    const refusal = await screen.findByTestId('admin-refusal');
    expect(within(refusal).getByRole('heading', { name: 'Admin Only' })).toBeTruthy();
    expect(within(refusal).getByRole('link', { name: 'Back to the Dashboard' }).getAttribute('href')).toBe(
      '/',
    );
    expect(callsTo('GET', '/api/admin/token-stats')).toHaveLength(0);
  });

  it('shows summary cards, the users table and token usage for the last 30 days', async () => {
    mockApi({
      'GET /api/admin/users': {
        body: [
          row('admin-1', 'Keeper', { email: 'admin@lifequest.local', is_admin: true }),
          row('u2', 'Borin'),
          row('u3', 'Cyra', { is_onboarded: false, total_cost: 0 }),
        ],
      },
      'GET /api/admin/token-stats': { body: stats },
    });
    renderWithProviders(<AdminPage />, { user: admin });
    expect(screen.getByRole('heading', { name: 'Admin Panel' })).toBeTruthy();
    const users = await screen.findByRole('region', { name: 'Users table' });
    const borin = users.querySelector<HTMLElement>('[data-user-email="borin@example.com"]') as HTMLElement;
    expect(within(borin).getByText('Active')).toBeTruthy();
    expect(within(borin).getByText('$0.0123')).toBeTruthy();
    expect(within(borin).getByText('12,345')).toBeTruthy();
    const cyra = users.querySelector<HTMLElement>('[data-user-email="cyra@example.com"]') as HTMLElement;
    expect(within(cyra).getByText('Onboarding')).toBeTruthy();
    expect(within(cyra).getByText('$0.0000')).toBeTruthy();
    // The admin's own row has no delete button.
    const keeper = users.querySelector<HTMLElement>(
      '[data-user-email="admin@lifequest.local"]',
    ) as HTMLElement;
    expect(within(keeper).queryByRole('button')).toBeNull();

    expect((await screen.findByTestId('summary-Heroes')).textContent).toContain('3');
    expect(screen.getByTestId('summary-Heroes').textContent).toContain('2 active, 1 onboarding');
    expect(screen.getByTestId('summary-AI cost').textContent).toContain('$0.5000');
    expect(screen.getByTestId('summary-Tokens').textContent).toContain('98,765');
    expect(screen.getByText('Daily cost and tokens, last 30 days.')).toBeTruthy();
    const usage = screen.getByRole('region', { name: 'Daily token usage table' });
    expect(within(usage).getAllByRole('row')).toHaveLength(4);
    expect(within(usage).getByText('$0.0012')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Cost by model table' })).getByText('$0.3012'),
    ).toBeTruthy();
    // The server's one label for every deleted hero's usage, as it is (not 'Deleted heroes (deleted)').
    expect(
      within(screen.getByRole('region', { name: 'Top spenders table' })).getByText('Deleted heroes'),
    ).toBeTruthy();
  });

  it("asks the product's confirmation before deleting, and confirms with 'User Deleted'", async () => {
    let users = [row('u2', 'Borin')];
    const { callsTo } = mockApi({
      'GET /api/admin/users': () => ({ body: users }),
      'GET /api/admin/token-stats': { body: stats },
      'DELETE /api/admin/users/u2': () => {
        users = [];
        return { status: 202, body: { id: 'u2', status: 'completed', pending_services: [] } };
      },
    });
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    renderWithProviders(<AdminPage />, { user: admin });
    const remove = await screen.findByRole('button', { name: 'Delete Borin (borin@example.com)' });

    fireEvent.click(remove);
    expect(confirm).toHaveBeenLastCalledWith(
      'Are you sure you want to delete Borin (borin@example.com)? This will permanently remove all their data.',
    );
    expect(callsTo('DELETE', '/api/admin/users/u2')).toHaveLength(0);

    fireEvent.click(remove);
    expect(await screen.findByText('User Deleted')).toBeTruthy();
    expect(screen.getByText('User and all associated data has been removed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('borin@example.com')).toBeNull());
  });

  it("says 'Delete Failed' when the deletion is refused", async () => {
    mockApi({
      'GET /api/admin/users': { body: [row('u2', 'Borin')] },
      'GET /api/admin/token-stats': { body: stats },
      'DELETE /api/admin/users/u2': { status: 503, body: { error: 'Service unavailable' } },
    });
    vi.stubGlobal('confirm', () => true);
    renderWithProviders(<AdminPage />, { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Borin (borin@example.com)' }));
    expect(await screen.findByText('Delete Failed')).toBeTruthy();
    expect(screen.getByText('Failed to delete user. Please try again.')).toBeTruthy();
  });

  it('marks a hero whose deletion is under way and offers no second delete', async () => {
    mockApi({
      'GET /api/admin/users': {
        body: [
          row('u2', 'Borin', {
            deletion: { requested_at: '2026-03-01T10:00:00Z', pending_services: ['ai'] },
          }),
        ],
      },
      'GET /api/admin/token-stats': { body: stats },
    });
    renderWithProviders(<AdminPage />, { user: admin });
    expect(await screen.findByText('Deleting...')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Delete Borin (borin@example.com)' }).hasAttribute('disabled'),
    ).toBe(true);
  });
});
