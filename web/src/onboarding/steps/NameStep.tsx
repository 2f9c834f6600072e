import { checkHeroName } from '@lifequest/proto';
import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';

export interface NameStepProps {
  initialName: string;
  onNext: (displayName: string) => void;
}

export function NameStep({ initialName, onNext }: NameStepProps) {
  const [name, setName] = useState(initialName);
  const [refusal, setRefusal] = useState<string | null>(null);
  const trimmed = name.trim();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The display name must be non-empty after trimming.
    if (trimmed === '') return;
    // The server's name rules, checked here too so the hero learns why before the last step.
    const check = checkHeroName(trimmed);
    if (!check.ok) {
      setRefusal(check.reason);
      return;
    }
    onNext(check.name);
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
        onChange={(event) => {
          setName(event.target.value);
          setRefusal(null);
        }}
        required
        autoFocus
        aria-invalid={refusal !== null}
        aria-describedby={refusal ? 'display-name-refusal' : undefined}
      />
      {refusal ? (
        <p id="display-name-refusal" role="alert" className="text-red-300 text-sm">
          {refusal}
        </p>
      ) : null}
      <Button type="submit" disabled={trimmed === ''}>
        Continue
      </Button>
    </form>
  );
}
