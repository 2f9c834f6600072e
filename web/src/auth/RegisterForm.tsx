import { type FormEvent, useState } from 'react';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { AuthCard } from './AuthCard.tsx';
import { registerErrorText } from './authErrors.ts';
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

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    register.mutate({ name: name.trim(), email: email.trim(), password });
  }

  return (
    <AuthCard
      title="Begin Your Legend"
      subtitle="Create your hero and start your first quest."
      onBack={onBack}
    >
      <form className="grid gap-4" onSubmit={submit} aria-label="Create account">
        <Field
          label="Name"
          name="name"
          autoComplete="name"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
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
            {registerErrorText(register.error)}
          </p>
        ) : null}
        <Button type="submit" disabled={register.isPending}>
          {register.isPending ? 'Creating Hero...' : 'Create Account'}
        </Button>
      </form>
      <p className="text-center text-muted text-sm">
        Already have an account?{' '}
        <button
          type="button"
          className="rounded font-semibold text-gold underline underline-offset-2 hover:text-gold-strong"
          onClick={onSwitchToLogin}
        >
          Sign in
        </button>
      </p>
    </AuthCard>
  );
}
