import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { PhoneNav } from './PhoneNav.tsx';

function bar() {
  return screen.getByRole('navigation', { name: 'Tab bar' });
}

describe('phone tab bar', () => {
  it('has at most five destinations: Quests, Pathfinder, Fellowship, Profile and More', () => {
    renderWithProviders(<PhoneNav isAdmin={false} />, { route: '/social' });
    const links = within(bar())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['Quests', 'Pathfinder', 'Fellowship', 'Profile']);
    expect(within(bar()).getByRole('button', { name: 'More' })).toBeTruthy();
    expect(within(bar()).getByRole('link', { name: 'Fellowship' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens the other screens and Logout under More, with More lit on one of them', () => {
    renderWithProviders(<PhoneNav isAdmin />, { route: '/foundations' });
    const more = within(bar()).getByRole('button', { name: 'More' });
    expect(more.className).toContain('text-gold');
    fireEvent.click(more);
    const sheet = screen.getByRole('dialog', { name: 'More' });
    expect(
      within(sheet)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Skill Tree', 'Foundations', 'Stories', 'Tutorial', 'Admin']);
    expect(within(sheet).getByRole('link', { name: 'Foundations' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(sheet).getByRole('button', { name: 'Logout' })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'More' })).toBeNull();
  });
});
