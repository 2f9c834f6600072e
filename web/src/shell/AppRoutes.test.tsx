import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../test/render.tsx';
import { englishAfterEach, speak } from '../test/speak.ts';
import { AppRoutes } from './AppRoutes.tsx';

// While a screen's code is on its way, the spinner speaks the hero's language.

englishAfterEach();

describe('a screen loading', () => {
  it('says so in German', async () => {
    await speak('de');
    mockApi({});
    renderWithProviders(<AppRoutes />, { route: '/tutorial' });
    expect(screen.getByRole('status').textContent).toBe('Wird geladen...');
  });

  it('says so in English as before', () => {
    mockApi({});
    renderWithProviders(<AppRoutes />, { route: '/tutorial' });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });
});
