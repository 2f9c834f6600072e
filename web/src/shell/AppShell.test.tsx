import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../api/queryKeys.ts';
import { App } from '../app/App.tsx';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';

function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

const emptyQuests = { 'GET /api/goals': { body: [] }, 'GET /api/milestones': { body: [] } };

describe('app shell', () => {
  it('shows LifeQuest, the class title, level and XP in the header', async () => {
    mockApi(emptyQuests);
    renderWithProviders(<App />, { user: testUser });
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('LifeQuest')).toBeTruthy();
    expect(within(header).getByText('Pathfinder Initiate')).toBeTruthy();
    expect(within(header).getByText('Level 2')).toBeTruthy();
    expect(within(header).getByText('150 XP')).toBeTruthy();
  });

  it('lists the six tabs, and Admin only for admins', async () => {
    mockApi(emptyQuests);
    const { unmount } = renderWithProviders(<App />, { user: testUser });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const tabs = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(tabs).toEqual([
      ['Dashboard', '/'],
      ['My Profile', '/profile'],
      ['Skill Tree', '/skill-tree'],
      ['Foundations', '/foundations'],
      ['Stories', '/stories'],
      ['Tutorial', '/tutorial'],
    ]);
    unmount();

    renderWithProviders(<App />, { user: { ...testUser, isAdmin: true } });
    const adminNav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(adminNav).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('offers Fellowship Hall and The Pathfinder beside the tabs, and the chat bubble on every screen', async () => {
    mockApi(emptyQuests);
    renderWithProviders(<App />, { user: testUser, route: '/profile' });
    const more = await screen.findByRole('navigation', { name: 'Fellowship and guide' });
    expect(
      within(more)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Fellowship Hall', '/social'],
      ['The Pathfinder', '/pathfinder'],
    ]);
    expect(screen.getByRole('button', { name: 'Ask The Pathfinder' })).toBeTruthy();
  });

  it('shows a screen that fails to render as a message with a way back, keeping the header, tabs and chat', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // An answer of the wrong shape: the quests screen cannot draw it.
    mockApi({ 'GET /api/goals': { body: { goals: 'none' } }, 'GET /api/milestones': { body: [] } });
    renderWithProviders(
      <>
        <App />
        <Where />
      </>,
      { user: testUser, route: '/' },
    );
    const failed = await screen.findByTestId('screen-failed');
    expect(within(failed).getByRole('heading', { name: 'This screen lost its way' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ask The Pathfinder' })).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    expect(within(failed).getByRole('link', { name: 'Back to the Dashboard' }).getAttribute('href')).toBe(
      '/',
    );

    // Another screen starts afresh.
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Tutorial' }),
    );
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/tutorial'));
    expect(screen.queryByTestId('screen-failed')).toBeNull();
  });

  it('shows the dashboard on an unknown path, with the Dashboard tab lit', async () => {
    mockApi(emptyQuests);
    renderWithProviders(<App />, { user: testUser, route: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Current Quests' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Dashboard']);
    expect(current[0]?.className).toContain('bg-gold');
  });

  it.each([
    ['/profile/', 'My Profile'],
    ['/', 'Dashboard'],
    ['/pathfinder', 'The Pathfinder'],
  ])('lights the one tab of the screen at %s', async (route, tab) => {
    mockApi(emptyQuests);
    renderWithProviders(<App />, { user: testUser, route });
    await screen.findByRole('navigation', { name: 'Main' });
    // The desktop tabs; a phone's tab bar (CSS-hidden here) lights its own, tested in PhoneNav.test.
    const current = screen
      .getAllByRole('link')
      .filter((link) => !link.closest('[data-testid="phone-nav"]'))
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent);
    expect(current).toEqual([tab]);
  });

  it.each([
    ['/social', 'Fellowship Hall'],
    ['/pathfinder', 'The Pathfinder'],
    ['/admin', 'Admin Panel'],
    ['/stories', 'Achievement Stories'],
  ])('has a screen at %s', async (route, heading) => {
    mockApi(emptyQuests);
    renderWithProviders(<App />, { user: testUser, route });
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });

  it('logs out: tells the server, forgets the session and returns to the root', async () => {
    localStorage.setItem('sessionId', 'sess-1');
    const { callsTo } = mockApi({ ...emptyQuests, 'POST /api/auth/logout': { status: 204 } });
    const { queryClient } = renderWithProviders(
      <>
        <App />
        <Where />
      </>,
      { user: testUser, route: '/profile' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Start Your Quest' })).toBeTruthy();
    expect(callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(localStorage.getItem('sessionId')).toBeNull();
    expect(queryClient.getQueryData(queryKeys.me)).toBeNull();
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/'));
  });

  it('still signs out locally when the logout call fails', async () => {
    localStorage.setItem('sessionId', 'sess-1');
    mockApi({
      ...emptyQuests,
      'POST /api/auth/logout': { status: 503, body: { error: 'Service unavailable' } },
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      renderWithProviders(<App />, { user: testUser });
      fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
      expect(await screen.findByRole('button', { name: 'Start Your Quest' })).toBeTruthy();
      expect(localStorage.getItem('sessionId')).toBeNull();
      expect(errors).toHaveLength(1);
    } finally {
      console.error = original;
    }
  });
});
