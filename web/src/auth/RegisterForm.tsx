import { type FormEvent, useState } from 'react';
import { useT } from '../i18n/useT.ts';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { AuthCard } from './AuthCard.tsx';
import { useAuthErrorText } from './authErrors.ts';
import { useRegister } from './useAuthActions.ts';

export interface RegisterFormProps {
  onSwitchToLogin: () => void;
  onBack: () => void;
}

export function RegisterForm({ onSwitchToLogin, onBack }: RegisterFormProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const register = useRegister();
  const t = useT();
  const authErrorText = useAuthErrorText();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    register.mutate({ name: name.trim(), email: email.trim(), password });
  }

  return (
    <AuthCard title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} onBack={onBack}>
      <form className="grid gap-4" onSubmit={submit} aria-label={t('auth.register.form')}>
        <Field
          label={t('auth.name')}
          name="name"
          autoComplete="name"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
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
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {register.isError ? (
          <p
            role="alert"
            className="rounded-md border border-red-400/60 bg-red-950/70 p-3 text-red-100 text-sm"
          >
            {authErrorText('register', register.error)}
          </p>
        ) : null}
        <Button type="submit" disabled={register.isPending}>
          {register.isPending ? t('auth.register.pending') : t('auth.register.submit')}
        </Button>
      </form>
      <p className="text-center text-muted text-sm">
        {t('auth.register.haveAccount')}{' '}
        <button
          type="button"
          className="rounded font-semibold text-gold underline underline-offset-2 hover:text-gold-strong"
          onClick={onSwitchToLogin}
        >
          {t('auth.register.signIn')}
        </button>
      </p>
    </AuthCard>
  );
}
