import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import LandingPage from './LandingPage.tsx';

describe('landing page', () => {
  it('makes the four claims', () => {
    renderWithProviders(<LandingPage />, { user: null });
    const claims = screen.getByRole('region', { name: 'LifeQuest in numbers' }).textContent;
    // Each label (dt) is followed by its figure (dd); CSS shows the figure first.
    expect(claims).toContain('Goals Completed1,000+');
    expect(claims).toContain('Active Questers500+');
    expect(claims).toContain('Success Rate87%');
    expect(claims).toContain('AI Support24/7');
  });

  it('has the features, the Goal Quest Builder walk-through and a closing call to action', () => {
    renderWithProviders(<LandingPage />, { user: null });
    expect(screen.getByRole('heading', { name: 'Goal Quest Builder' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Everything a hero needs' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Your Hero' }));
    expect(screen.getByRole('heading', { name: 'Begin Your Legend' })).toBeTruthy();
  });

  it("opens the register form from 'Start Your Quest' and the login form from 'Sign In'", () => {
    renderWithProviders(<LandingPage />, { user: null });
    fireEvent.click(screen.getByRole('button', { name: 'Start Your Quest' }));
    expect(screen.getByRole('form', { name: 'Create account' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeTruthy();
  });
});
