import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import TutorialPage from './TutorialPage.tsx';

describe('tutorial', () => {
  it("introduces The Pathfinder's four steps and 'Begin Your Quest' goes back", () => {
    render(
      <MemoryRouter initialEntries={['/profile', '/tutorial']} initialIndex={1}>
        <Routes>
          <Route path="/tutorial" element={<TutorialPage />} />
          <Route path="/profile" element={<p>Profile screen</p>} />
        </Routes>
      </MemoryRouter>,
    );
    const steps = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(steps).toEqual(['Speak Your Desire', 'Shape the Quest', 'Walk the Path', 'Return Often']);

    fireEvent.click(screen.getByRole('button', { name: 'Begin Your Quest' }));
    expect(screen.getByText('Profile screen')).toBeTruthy();
  });
});
