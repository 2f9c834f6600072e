import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, apiRequest, clearSessionId } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
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
      ? 'That password is not right.'
      : deletion.error?.message;

  return (
    <Card aria-labelledby="delete-account-title" className="grid gap-3 border-red-600/60">
      <h2 id="delete-account-title" className="text-red-400 text-xl">
        Delete my account
      </h2>
      <p className="text-muted text-sm">
        Your hero, quests, milestones, progress, XP, friends, feed, challenges, chats and stories are erased
        everywhere. This cannot be undone.
      </p>
      {open ? (
        <form className="grid gap-3 sm:max-w-md" onSubmit={submit} aria-label="Delete my account">
          <Field
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              deletion.reset();
            }}
          />
          <Field
            label={`Type ${DELETE_CONFIRMATION} to confirm`}
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
              {deletion.isPending ? 'Deleting…' : 'Delete my account forever'}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div>
          <Button variant="danger" onClick={() => setOpen(true)}>
            Delete my account
          </Button>
        </div>
      )}
    </Card>
  );
}
