import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, apiRequest, clearSessionId } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { useErrorText } from '../i18n/errorText.ts';
import { useT } from '../i18n/useT.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { Field } from '../ui/Field.tsx';

/** What the hero types to confirm, beside their password (docs/features/data-ownership.md#deletion). */
export const DELETE_CONFIRMATION = 'DELETE';

/**
 * "Delete my account": behind the hero's password and a typed DELETE, since it cannot be undone. The
 * gateway ends every session with the answer; the app then forgets everything it cached.
 */
export function DeleteAccountCard() {
  const t = useT();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const deletion = useMutation({
    mutationFn: () => apiRequest('DELETE', '/api/auth/me', { password }),
    onSuccess: () => {
      clearSessionId();
      queryClient.setQueryData(queryKeys.me, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
      navigate('/');
    },
  });
  const confirmed = typed.trim() === DELETE_CONFIRMATION && password !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed) deletion.mutate();
  };
  const error =
    deletion.error instanceof ApiError && deletion.error.code === 'INVALID_CREDENTIALS'
      ? t('delete.wrongPassword')
      : deletion.error && errorText(deletion.error);

  return (
    <Card aria-labelledby="delete-account-title" className="grid gap-3 border-red-600/60">
      <h2 id="delete-account-title" className="text-red-400 text-xl">
        {t('delete.title')}
      </h2>
      <p className="text-muted text-sm">{t('delete.body')}</p>
      {open ? (
        <form className="grid gap-3 sm:max-w-md" onSubmit={submit} aria-label={t('delete.title')}>
          <Field
            label={t('delete.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              deletion.reset();
            }}
          />
          <Field
            label={t('delete.type', { word: DELETE_CONFIRMATION })}
            value={typed}
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
          />
          {error ? (
            <p role="alert" className="text-red-400 text-sm">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={!confirmed || deletion.isPending}>
              {deletion.isPending ? t('delete.deleting') : t('delete.forever')}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t('delete.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div>
          <Button variant="danger" onClick={() => setOpen(true)}>
            {t('delete.title')}
          </Button>
        </div>
      )}
    </Card>
  );
}
