import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../api/queryKeys.ts';
import LandingPage from '../landing/LandingPage.tsx';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import { englishAfterEach, speak } from '../test/speak.ts';

function openLogin() {
  renderWithProviders(<LandingPage />, { user: null });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

function submitLogin(email = 'aria@example.com', password = 'secret-pass') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login form', () => {
  it('has an e-mail typed field and a link back to home', () => {
    openLogin();
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    // An apostrophe in an ICU message stays a plain one.
    expect(screen.getByText(/^Don't have an account\?/).textContent).toBe("Don't have an account? Sign up");
    fireEvent.click(screen.getByRole('button', { name: 'Back to Home' }));
    expect(screen.getByRole('button', { name: 'Start Your Quest' })).toBeTruthy();
  });

  it("shows 'Invalid credentials' with the hint that links to registering", async () => {
    mockApi({
      'POST /api/auth/login': {
        status: 401,
        body: { error: 'Invalid credentials', message: 'Invalid credentials', code: 'INVALID_CREDENTIALS' },
      },
    });
    openLogin();
    submitLogin();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid credentials');
    expect(screen.getByTestId('login-account-hint').textContent).toBe(
      'Account may not exist. Try creating a new account instead.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'creating a new account' }));
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
    expect(screen.getByLabelText('Name')).toBeTruthy();
  });

  it("falls back to 'Login failed' without the hint for other failures", async () => {
    mockApi({ 'POST /api/auth/login': { status: 500, body: { error: 'Something went wrong' } } });
    openLogin();
    submitLogin();

    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
    expect(screen.queryByTestId('login-account-hint')).toBeNull();
  });

  it('stores the session id and caches the hero on success', async () => {
    const { calls } = mockApi({ 'POST /api/auth/login': { body: { user: testUser, sessionId: 'sess-9' } } });
    const { queryClient } = renderWithProviders(<LandingPage />, { user: null });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    submitLogin('  aria@example.com ');

    await waitFor(() => expect(localStorage.getItem('sessionId')).toBe('sess-9'));
    expect(calls[0]?.body).toEqual({ email: 'aria@example.com', password: 'secret-pass' });
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(testUser);
  });
});

describe('register form', () => {
  it('sends name, email and password and shows the server message on failure', async () => {
    const { calls } = mockApi({
      'POST /api/auth/register': {
        status: 409,
        body: { error: 'Email already registered', message: 'Email already registered', code: 'EMAIL_TAKEN' },
      },
    });
    renderWithProviders(<LandingPage />, { user: null });
    fireEvent.click(screen.getByRole('button', { name: 'Start Your Quest' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Aria' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'aria@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Email already registered');
    expect(calls[0]?.body).toEqual({ name: 'Aria', email: 'aria@example.com', password: 'long-enough' });
  });
});

describe('signing in and registering in Spanish and German', () => {
  englishAfterEach();

  it('in Spanish: a refusal told by its code, and the hint a whole Spanish sentence with its link', async () => {
    await speak('es');
    mockApi({
      'POST /api/auth/login': {
        status: 401,
        body: { error: 'Invalid credentials', message: 'Invalid credentials', code: 'INVALID_CREDENTIALS' },
      },
    });
    renderWithProviders(<LandingPage />, { user: null });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(screen.getByRole('heading', { name: 'Bienvenido de nuevo, héroe' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: 'aria@example.com' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Credenciales no válidas');
    expect(screen.getByTestId('login-account-hint').textContent).toBe(
      'Puede que la cuenta no exista. Prueba a crear una cuenta nueva.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'crear una cuenta nueva' }));
    expect(screen.getByRole('button', { name: 'Crear cuenta' })).toBeTruthy();
    expect(screen.getByText('¿Ya tienes una cuenta?')).toBeTruthy();
  });

  it('in German: a failure without a code reads the form’s own words; a taken e-mail its code’s text', async () => {
    await speak('de');
    mockApi({
      'POST /api/auth/login': { status: 500, body: { error: 'Something went wrong' } },
      'POST /api/auth/register': {
        status: 409,
        body: { error: 'Email already registered', message: 'Email already registered', code: 'EMAIL_TAKEN' },
      },
    });
    renderWithProviders(<LandingPage />, { user: null });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'aria@example.com' } });
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Anmeldung fehlgeschlagen');
    expect(screen.queryByTestId('login-account-hint')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(screen.getByRole('heading', { name: 'Beginne deine Legende' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Aria' } });
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'aria@example.com' } });
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'long-enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Diese E-Mail-Adresse ist bereits registriert.',
    );
  });
});
