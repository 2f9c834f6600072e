import { type FormEvent, useState } from 'react';
import { useRichT } from '../i18n/rich.tsx';
import { useT } from '../i18n/useT.ts';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { AuthCard } from './AuthCard.tsx';
import { needsAccountHint, useAuthErrorText } from './authErrors.ts';
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
  const t = useT();
  const rich = useRichT();
  const authErrorText = useAuthErrorText();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    login.mutate({ email: email.trim(), password });
  }

  const errorText = login.isError ? authErrorText('login', login.error) : null;

  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} onBack={onBack}>
      <form className="grid gap-4" onSubmit={submit} aria-label={t('auth.login.form')}>
        <Field
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          label={t('auth.password')}
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
                {rich('auth.login.hint', {
                  link: (chunks) => (
                    <button type="button" className={linkClasses} onClick={onSwitchToRegister}>
                      {chunks}
                    </button>
                  ),
                })}
              </p>
            ) : null}
          </div>
        ) : null}
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? t('auth.login.pending') : t('auth.login.submit')}
        </Button>
      </form>
      <p className="text-center text-muted text-sm">
        {t('auth.login.noAccount')}{' '}
        <button type="button" className={linkClasses} onClick={onSwitchToRegister}>
          {t('auth.login.signUp')}
        </button>
      </p>
    </AuthCard>
  );
}
