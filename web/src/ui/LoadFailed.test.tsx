import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http.ts';
import { renderWithProviders } from '../test/render.tsx';
import { englishAfterEach, speak } from '../test/speak.ts';
import { LoadFailed } from './LoadFailed.tsx';

// A screen that could not load its data says why in the hero's language.

englishAfterEach();

const notFound = () =>
  new ApiError('Quest not found', 404, {
    error: 'Quest not found',
    message: 'Quest not found',
    code: 'NOT_FOUND',
  });

describe('LoadFailed', () => {
  it('in English, the server’s own words', () => {
    renderWithProviders(<LoadFailed error={notFound()} />);
    expect(screen.getByRole('alert').textContent).toBe('Quest not found');
  });

  it('in German, the code’s text instead of the server’s English', async () => {
    await speak('de');
    renderWithProviders(<LoadFailed error={notFound()} />);
    expect(screen.getByRole('alert').textContent).toBe('Nicht gefunden.');
  });

  it('in Spanish, an error without a known code keeps its message', async () => {
    await speak('es');
    renderWithProviders(<LoadFailed error={new ApiError('Bad Gateway', 502, undefined)} />);
    expect(screen.getByRole('alert').textContent).toBe('Bad Gateway');
  });
});
