import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ProfilePage from '../profile/ProfilePage.tsx';
import SocialPage from '../social/SocialPage.tsx';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import { loadCatalogue } from './catalogue.ts';
import { localeStore } from './localeStore.ts';

// Whole screens in another language: the hero's choice reaches every part, confirmations name the
// hero, and a server refusal reads in the hero's language by its code.

afterEach(() => localeStore.set('en'));

async function speak(locale: 'es' | 'de') {
  await loadCatalogue(locale);
  localeStore.set(locale);
}

describe('screens in the hero’s language', () => {
  it('the Fellowship Hall’s friends in German: XP grouped, an unfriend confirmation naming the hero, its toast', async () => {
    await speak('de');
    mockApi({
      'GET /api/friends/requests': { body: [] },
      'GET /api/friends': {
        body: [
          {
            id: 'u2',
            name: 'Borin',
            activeClassTitle: 'Vitality Warden',
            lifeLevel: 3,
            totalXP: 4200,
            friend_streak: 1,
          },
        ],
      },
      'GET /api/blocks': { body: [] },
      'DELETE /api/friends/u2': { status: 204 },
    });
    renderWithProviders(<SocialPage />, {
      user: { ...testUser, locale: 'de' },
      route: '/social?tab=friends',
    });
    expect(await screen.findByRole('heading', { name: 'Halle der Gefährten' })).toBeTruthy();
    expect(await screen.findByText('4.200 EP')).toBeTruthy();
    expect(screen.getByText('Stufe 3')).toBeTruthy();
    // The shared streak counts days: "1 Tag gemeinsam", not "1 gemeinsam".
    expect(screen.getByTestId('friend-streak').textContent).toBe('1 Tag gemeinsam');
    fireEvent.click(screen.getByRole('button', { name: 'Borin entfreunden' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Freundschaft mit Borin beenden?')).toBeTruthy();
    expect(within(dialog).getByText(/^Borin verlässt deine Freunde/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entfreunden' }));
    expect(await screen.findByText('Freund entfernt')).toBeTruthy();
    expect(screen.getByText('Du und Borin seid nicht mehr befreundet.')).toBeTruthy();
  });

  it('the profile in Spanish, and a refusal told by its code rather than the server’s English', async () => {
    await speak('es');
    mockApi({
      'GET /api/goals': { body: [] },
      'GET /api/milestones': { body: [] },
      'PATCH /api/auth/me': {
        status: 429,
        body: {
          error: 'Too Many Requests',
          message: 'You can change your name once a day.',
          code: 'RENAME_TOO_SOON',
        },
      },
    });
    renderWithProviders(<ProfilePage />, {
      user: { ...testUser, locale: 'es', createdAt: '2026-02-24T10:00:00Z' },
    });
    expect(await screen.findByRole('heading', { name: 'Dominio de disciplinas' })).toBeTruthy();
    expect(screen.getByText('De aventuras desde el 24 feb 2026')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nombre de héroe'), { target: { value: 'Aria la Valiente' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar nombre' }));
    expect(await screen.findByText('No se guardó')).toBeTruthy();
    expect(await screen.findByText('Puedes cambiar tu nombre una vez al día.')).toBeTruthy();
  });
});
