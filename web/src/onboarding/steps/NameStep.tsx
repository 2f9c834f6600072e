import { checkHeroName, type HeroNameRule, UNKNOWN_HERO_NAME } from '@lifequest/proto';
import { type FormEvent, useState } from 'react';
import { type Translate, useLocale, useT } from '../../i18n/useT.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';

export interface NameStepProps {
  initialName: string;
  onNext: (displayName: string) => void;
}

/** The refusal in the hero's language: the rule's own sentence in English, the catalogue's otherwise. */
export function refusalText(refusal: { rule: HeroNameRule; reason: string }, t: Translate, english: boolean) {
  return english ? refusal.reason : t(`onboarding.name.${refusal.rule}`, { name: UNKNOWN_HERO_NAME });
}

export function NameStep({ initialName, onNext }: NameStepProps) {
  const [name, setName] = useState(initialName);
  const [refusal, setRefusal] = useState<{ rule: HeroNameRule; reason: string } | null>(null);
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
      setRefusal(check);
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
