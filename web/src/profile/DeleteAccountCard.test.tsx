import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { queryKeys } from '../api/queryKeys.ts';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import { DeleteAccountCard } from './DeleteAccountCard.tsx';

const open = () => fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

it('asks for the password and a typed DELETE, says when the password is wrong, then signs the hero out', async () => {
  let refuse = true;
  const api = mockApi({
    'DELETE /api/auth/me': () =>
      refuse
        ? {
            status: 401,
            body: { error: 'Invalid credentials', message: 'wrong', code: 'INVALID_CREDENTIALS' },
          }
        : { status: 202, body: { status: 'deleting' } },
  });
  const { queryClient } = renderWithProviders(<DeleteAccountCard />, { user: testUser });
  open();
  const submit = screen.getByRole('button', { name: 'Delete my account forever' }) as HTMLButtonElement;
  type('Your password', 'not mine');
  expect(submit.disabled).toBe(true);
  type('Type DELETE to confirm', 'delete');
  expect(submit.disabled).toBe(true);
  type('Type DELETE to confirm', 'DELETE');
  expect(submit.disabled).toBe(false);
  fireEvent.click(submit);
  expect((await screen.findByRole('alert')).textContent).toBe('That password is not right.');
  expect(queryClient.getQueryData(queryKeys.me)).toEqual(testUser);

  refuse = false;
  type('Your password', 'correct horse battery');
  fireEvent.click(submit);
  await waitFor(() => expect(queryClient.getQueryData(queryKeys.me)).toBeNull());
  expect(api.callsTo('DELETE', '/api/auth/me').map((call) => call.body)).toEqual([
    { password: 'not mine' },
    { password: 'correct horse battery' },
  ]);
});
