import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';

export interface NameStepProps {
  initialName: string;
  onNext: (displayName: string) => void;
}

export function NameStep({ initialName, onNext }: NameStepProps) {
  const [name, setName] = useState(initialName);
  const trimmed = name.trim();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The display name must be non-empty after trimming.
    if (trimmed !== '') onNext(trimmed);
  }

  return (
    <form className="mx-auto grid w-full max-w-md gap-6" onSubmit={submit}>
      <div className="grid gap-2 text-center">
        <h1 className="text-3xl text-gold">Name Your Hero</h1>
        <p className="text-muted">Every legend needs a name. How shall the realm know you?</p>
      </div>
      <Field
        label="Display name"
        name="displayName"
        autoComplete="nickname"
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        autoFocus
      />
      <Button type="submit" disabled={trimmed === ''}>
        Continue
      </Button>
    </form>
  );
}
