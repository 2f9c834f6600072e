import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { englishAfterEach, speak } from '../test/speak.ts';
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

describe('landing page in Spanish and German', () => {
  englishAfterEach();

  it('in Spanish: the title, the claims with Spanish numbers, and the way to registering', async () => {
    await speak('es');
    renderWithProviders(<LandingPage />, { user: null });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Convierte tus metas en misiones épicas',
    );
    const claims = screen.getByRole('region', { name: 'LifeQuest en cifras' }).textContent;
    expect(claims).toContain('Metas cumplidasmás de 1000');
    expect(claims).toContain('Tasa de éxito87 %');
    expect(screen.getByRole('list', { name: 'Partes SMART' }).textContent).toContain('Con plazo');
    fireEvent.click(screen.getByRole('button', { name: 'Empieza tu misión' }));
    expect(screen.getByRole('form', { name: 'Crear cuenta' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Comienza tu leyenda' })).toBeTruthy();
    expect(screen.getByLabelText('Correo electrónico')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Inicia sesión' }));
    expect(screen.getByRole('heading', { name: 'Bienvenido de nuevo, héroe' })).toBeTruthy();
  });

  it('in German: grouped figures, the features and the Pathfinder’s picture described', async () => {
    await speak('de');
    renderWithProviders(<LandingPage />, { user: null });
    const claims = screen.getByRole('region', { name: 'LifeQuest in Zahlen' }).textContent;
    expect(claims).toContain('Erreichte Ziele1.000+');
    expect(claims).toContain('KI-Unterstützung24/7');
    expect(screen.getByRole('heading', { name: 'Alles, was ein Held braucht' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Quest-Schmiede' })).toBeTruthy();
    expect(
      screen.getByAltText('Der Pfadfinder, ein Führer mit Kapuze, der einen leuchtenden Kompass hält'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(screen.getByRole('form', { name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zurück zur Startseite' })).toBeTruthy();
  });
});
