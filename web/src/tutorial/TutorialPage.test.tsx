import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { englishAfterEach, speak } from '../test/speak.ts';
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
      { wrapper: I18nProvider },
    );
    const steps = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(steps).toEqual(['Speak Your Desire', 'Shape the Quest', 'Walk the Path', 'Return Often']);

    fireEvent.click(screen.getByRole('button', { name: 'Begin Your Quest' }));
    expect(screen.getByText('Profile screen')).toBeTruthy();
  });
});

describe('tutorial in Spanish and German', () => {
  englishAfterEach();

  for (const [locale, title, steps, begin] of [
    [
      'es',
      'Conoce al Explorador',
      ['Expresa tu deseo', 'Da forma a la misión', 'Recorre el camino', 'Vuelve a menudo'],
      'Empieza tu misión',
    ],
    [
      'de',
      'Triff den Pfadfinder',
      ['Sprich deinen Wunsch aus', 'Forme die Quest', 'Geh den Weg', 'Komm oft zurück'],
      'Starte deine Quest',
    ],
  ] as const) {
    it(`in ${locale}: its title, four steps and the way back`, async () => {
      await speak(locale);
      render(
        <MemoryRouter>
          <TutorialPage />
        </MemoryRouter>,
        { wrapper: I18nProvider },
      );
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(
        steps,
      );
      expect(screen.getByRole('button', { name: begin })).toBeTruthy();
    });
  }
});
