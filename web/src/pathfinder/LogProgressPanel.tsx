import { MIN_SEC_UNIT, PROGRESS_NOTE_MAX, PROGRESS_VALUE_ERRORS, parseProgressValue } from '@lifequest/proto';
import { type FormEvent, useId, useState } from 'react';
import type { MessageKey } from '../i18n/messages/en.ts';
import { useT } from '../i18n/useT.ts';
import { Button } from '../ui/Button.tsx';
import { inputClasses } from '../ui/Field.tsx';
import { useLogProgress } from './pathfinderQueries.ts';

export interface LogProgressPanelProps {
  goalId: string;
  title: string;
  unit: string | null;
}

function isMinSec(unit: string | null): boolean {
  return unit?.trim().toLowerCase() === MIN_SEC_UNIT;
}

/** A value proto's parser refused, by its reason: the English is the parser's own sentence. */
function valueErrorKey(error: string): MessageKey | null {
  const reason = Object.entries(PROGRESS_VALUE_ERRORS).find(([, text]) => text === error)?.[0];
  return reason ? (`pathfinder.log.error.${reason}` as MessageKey) : null;
}

/**
 * Record Progress needs a value; the note is optional; a 'min:s' goal takes 5:30 or 330
 * (seconds). The value is read here first, so a typo is explained before anything is sent.
 */
export function LogProgressPanel({ goalId, title, unit }: LogProgressPanelProps) {
  const t = useT();
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const log = useLogProgress();
  const id = useId();
  const minSec = isMinSec(unit);
  const unitLabel = unit?.trim() ? (minSec ? t('pathfinder.log.minSec') : unit.trim()) : '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (value.trim() === '' || log.isPending) return;
    const parsed = parseProgressValue(value, unit);
    if (!parsed.ok) {
      const key = valueErrorKey(parsed.error);
      setError(key ? t(key) : parsed.error);
      return;
    }
    setError(null);
    log.mutate(
      { goalId, title, unit, value: parsed.value, note },
      {
        onSuccess: () => {
          setValue('');
          setNote('');
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-gold text-lg">
        {t('pathfinder.log.title')}
      </h3>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-value`} className="font-medium text-parchment text-sm">
          {unitLabel ? t('pathfinder.log.valueIn', { unit: unitLabel }) : t('pathfinder.log.value')}
        </label>
        <input
          id={`${id}-value`}
          value={value}
          required
          inputMode={minSec ? 'text' : 'decimal'}
          autoComplete="off"
          placeholder={minSec ? t('pathfinder.log.minSecPlaceholder') : t('pathfinder.log.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : minSec ? `${id}-hint` : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          className={inputClasses()}
        />
        {minSec ? (
          <p id={`${id}-hint`} className="text-muted text-xs">
            {t('pathfinder.log.minSecHint')}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-red-300 text-sm">
            {error}
          </p>
        ) : null}
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-note`} className="font-medium text-parchment text-sm">
          {t('pathfinder.log.note')}
        </label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={PROGRESS_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          placeholder={t('pathfinder.log.notePlaceholder')}
          className={inputClasses('resize-y')}
        />
      </div>
      <Button
        type="submit"
        data-toast-avoid
        className="justify-self-start"
        disabled={value.trim() === '' || log.isPending}
      >
        {log.isPending ? t('pathfinder.log.recording') : t('pathfinder.log.record')}
      </Button>
    </form>
  );
}
