import { checkHeroName, UNKNOWN_HERO_NAME } from '@lifequest/proto';
import { type FormEvent, useState } from 'react';
import type { MessageKey } from '../../i18n/messages/en.ts';
import { type Translate, useLocale, useT } from '../../i18n/useT.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';

export interface NameStepProps {
  initialName: string;
  onNext: (displayName: string) => void;
}

/** Each of checkHeroName's reasons (proto/src/rules/hero-name.ts), known by how its sentence starts. */
const REFUSALS: readonly [start: string, key: MessageKey][] = [
  ['A name cannot contain control', 'onboarding.name.control'],
  ['A name cannot contain bidirectional', 'onboarding.name.bidi'],
  ['A name cannot contain zero-width', 'onboarding.name.invisible'],
  ['A name needs at least one visible', 'onboarding.name.visible'],
  ['A name cannot mix', 'onboarding.name.scripts'],
  [`“${UNKNOWN_HERO_NAME}” is how the Hall`, 'onboarding.name.reserved'],
];

/** The refusal in the hero's language; the rule's own sentence in English, the code's text if unknown. */
export function refusalText(reason: string, t: Translate, english: boolean): string {
  if (english) return reason;
  const key = REFUSALS.find(([start]) => reason.startsWith(start))?.[1];
  return key ? t(key, { name: UNKNOWN_HERO_NAME }) : t('errors.INVALID_NAME');
}

export function NameStep({ initialName, onNext }: NameStepProps) {
  const [name, setName] = useState(initialName);
  const [refusal, setRefusal] = useState<string | null>(null);
  const trimmed = name.trim();
  const t = useT();
  const english = useLocale() === 'en';

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
        <h1 className="text-3xl text-gold">{t('onboarding.name.title')}</h1>
        <p className="text-muted">{t('onboarding.name.body')}</p>
      </div>
      <Field
        label={t('onboarding.name.label')}
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
          {refusalText(refusal, t, english)}
        </p>
      ) : null}
      <Button type="submit" disabled={trimmed === ''}>
        {t('onboarding.name.next')}
      </Button>
    </form>
  );
}
