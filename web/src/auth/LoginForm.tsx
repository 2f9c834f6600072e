import { type FormEvent, useState } from 'react';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { AuthCard } from './AuthCard.tsx';
import { loginErrorText, needsAccountHint } from './authErrors.ts';
import { useLogin } from './useAuthActions.ts';

export interface LoginFormProps {
  onSwitchToRegister: () => void;
  onBack: () => void;
}

const linkClasses = 'rounded font-semibold text-gold underline underline-offset-2 hover:text-gold-strong';

export function LoginForm({ onSwitchToRegister, onBack }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    login.mutate({ email: email.trim(), password });
  }

  const errorText = login.isError ? loginErrorText(login.error) : null;

  return (
    <AuthCard title="Welcome Back, Hero" subtitle="Sign in to continue your quest." onBack={onBack}>
      <form className="grid gap-4" onSubmit={submit} aria-label="Sign in">
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {errorText ? (
          <div
            role="alert"
            className="grid gap-1 rounded-md border border-red-400/60 bg-red-950/70 p-3 text-red-100 text-sm"
          >
            <p>{errorText}</p>
            {needsAccountHint(errorText, login.error) ? (
              <p data-testid="login-account-hint">
                Account may not exist. Try{' '}
                <button type="button" className={linkClasses} onClick={onSwitchToRegister}>
                  creating a new account
                </button>{' '}
                instead.
              </p>
            ) : null}
          </div>
        ) : null}
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
      <p className="text-center text-muted text-sm">
        Don&apos;t have an account?{' '}
        <button type="button" className={linkClasses} onClick={onSwitchToRegister}>
          Sign up
        </button>
      </p>
    </AuthCard>
  );
}
