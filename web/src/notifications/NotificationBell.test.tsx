import type { NotificationItem } from '@lifequest/proto';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import { englishAfterEach, speak } from '../test/speak.ts';
import { NotificationBell } from './NotificationBell.tsx';

// The social service writes each notification in English (services/social/src); the bell reads it
// again in the hero's language from its kind and those sentences, and leaves what it cannot read as is.

const item = (id: string, kind: NotificationItem['kind'], title: string, body: string): NotificationItem => ({
  id,
  kind,
  title,
  body,
  link: '/social',
  created_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  read_at: null,
});

const items: NotificationItem[] = [
  item('n1', 'friend_request', 'New friend request', 'Borin wants to be your friend.'),
  item('n2', 'like', 'New like', 'Borin liked “Ran 5K”.'),
  item(
    'n3',
    'streak_at_risk',
    'Your streak is at risk',
    'Complete a milestone or log progress before midnight to keep your 1-day streak.',
  ),
  item(
    'n4',
    'streak_frozen',
    'Streak frozen',
    'You missed 2026-03-01, and a freeze kept your 12-day streak alive (1 left).',
  ),
  item('n5', 'quest_at_risk', '“Run a 5K” is at risk', 'Two weeks without progress.'),
];

function openBell() {
  mockApi({ 'GET /api/notifications': { body: { items, unread: 5 } } });
  renderWithProviders(<NotificationBell />, { user: testUser });
}

async function panelText(bellName: string) {
  fireEvent.click(await screen.findByRole('button', { name: bellName }));
  return screen.getByRole('region', { name: /./ });
}

describe('the bell in the hero’s language', () => {
  englishAfterEach();

  it('in English: the server’s words as they are', async () => {
    openBell();
    const panel = await panelText('Notifications, 5 unread');
    expect(within(panel).getByText('Borin wants to be your friend.')).toBeTruthy();
    expect(within(panel).getAllByText('3h ago')).toHaveLength(5);
  });

  it('in Spanish: titles by kind, bodies with their particulars, a day’s plural and the time ago', async () => {
    await speak('es');
    openBell();
    const panel = await panelText('Notificaciones, 5 sin leer');
    expect(within(panel).getByRole('heading', { name: 'Notificaciones' })).toBeTruthy();
    expect(within(panel).getByText('Nueva solicitud de amistad')).toBeTruthy();
    expect(within(panel).getByText('Borin quiere ser tu amigo.')).toBeTruthy();
    expect(within(panel).getByText('A Borin le gusta «Ran 5K».')).toBeTruthy();
    expect(
      within(panel).getByText(
        'Completa un hito o registra progreso antes de medianoche para mantener tu racha de 1 día.',
      ),
    ).toBeTruthy();
    expect(
      within(panel).getByText(
        'No cumpliste el 1 mar 2026, y una congelación mantuvo viva tu racha de 12 días (te queda 1).',
      ),
    ).toBeTruthy();
    expect(within(panel).getByText('«Run a 5K» está en peligro')).toBeTruthy();
    // The Pathfinder's reason is free text: as the server wrote it.
    expect(within(panel).getByText('Two weeks without progress.')).toBeTruthy();
    expect(within(panel).getAllByText('hace 3 h')).toHaveLength(5);
    expect(within(panel).getByRole('button', { name: 'Marcar todas como leídas' })).toBeTruthy();
  });

  it('in German: the streak’s days, many and one', async () => {
    await speak('de');
    openBell();
    const panel = await panelText('Benachrichtigungen, 5 ungelesen');
    expect(within(panel).getByText('Serie eingefroren')).toBeTruthy();
    expect(
      within(panel).getByText(
        'Du hast den 1. März 2026 verpasst, und ein Freeze hat deine Serie von 12 Tagen gerettet (1 übrig).',
      ),
    ).toBeTruthy();
    expect(within(panel).getByText(/deine Serie von 1 Tag zu halten\.$/)).toBeTruthy();
    expect(within(panel).getByText('Borin möchte mit dir befreundet sein.')).toBeTruthy();
  });

  it('says so when there is nothing, in German', async () => {
    await speak('de');
    mockApi({ 'GET /api/notifications': { body: { items: [], unread: 0 } } });
    renderWithProviders(<NotificationBell />, { user: testUser });
    fireEvent.click(await screen.findByRole('button', { name: 'Benachrichtigungen' }));
    expect(screen.getByText('Noch nichts Neues.')).toBeTruthy();
  });
});
