import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import { App } from './App.tsx';

describe('auth gate', () => {
  it("shows 'Loading...' while the current user loads", () => {
    mockApi({ 'GET /api/auth/me': () => new Promise(() => {}) });
    renderWithProviders(<App />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('treats a failed current-user call as no user and shows the landing page', async () => {
    mockApi({
      'GET /api/auth/me': {
        status: 401,
        body: { error: 'Please sign in', message: 'x', code: 'UNAUTHENTICATED' },
      },
    });
    renderWithProviders(<App />);
    expect(await screen.findByRole('button', { name: 'Start Your Quest' })).toBeTruthy();
  });

  it('holds a hero who is not onboarded at onboarding, whatever the path', async () => {
    mockApi({ 'GET /api/auth/me': { body: { ...testUser, isOnboarded: false } } });
    renderWithProviders(<App />, { route: '/skill-tree' });
    expect(await screen.findByRole('button', { name: 'Begin Journey' })).toBeTruthy();
  });
});
