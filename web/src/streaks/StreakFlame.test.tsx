import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../test/render.tsx';
import { englishAfterEach, speak } from '../test/speak.ts';
import { StreakFlame } from './StreakFlame.tsx';

// The header's flame names the streak in the hero's language (its title and accessible name).

englishAfterEach();

function streak(current: number, today_done: boolean) {
  mockApi({
    'GET /api/streaks/me': {
      body: { current, longest: 30, today_done, freezes_available: 0, vacation_until: null },
    },
  });
}

describe('the streak flame', () => {
  it('in English, the product’s words as before', async () => {
    streak(1000, false);
    renderWithProviders(<StreakFlame />);
    const flame = await screen.findByTestId('header-streak');
    expect(flame.getAttribute('aria-label')).toBe('1000-day streak, today not done yet');
    expect(flame.getAttribute('title')).toBe('1000-day streak, today not done yet');
  });

  it('in Spanish, one day', async () => {
    await speak('es');
    streak(1, true);
    renderWithProviders(<StreakFlame />);
    const flame = await screen.findByTestId('header-streak');
    expect(flame.getAttribute('aria-label')).toBe('Racha de 1 día, hoy hecho');
  });

  it('in German, many days', async () => {
    await speak('de');
    streak(12, false);
    renderWithProviders(<StreakFlame />);
    const flame = await screen.findByTestId('header-streak');
    expect(flame.getAttribute('aria-label')).toBe('Serie von 12 Tagen, heute noch offen');
    expect(flame.getAttribute('title')).toBe('Serie von 12 Tagen, heute noch offen');
  });
});
