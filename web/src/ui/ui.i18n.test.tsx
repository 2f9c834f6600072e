import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScreenFailed } from '../shell/ScreenFailed.tsx';
import { renderWithProviders } from '../test/render.tsx';
import { englishAfterEach, speak } from '../test/speak.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { LongWait } from './LongWait.tsx';
import { toastStore } from './toast/toastStore.ts';

// The shared parts every screen uses, in the hero's language: what the caller passes is already
// translated; these are their own words.

englishAfterEach();
afterEach(() => act(() => toastStore.clear()));

describe('shared parts in Spanish and German', () => {
  it('in German: a confirmation’s Cancel, a long wait’s seconds and a toast’s close button', async () => {
    await speak('de');
    renderWithProviders(
      <>
        <ConfirmDialog
          trigger={<button type="button">Löschen</button>}
          title="Wirklich löschen?"
          description="Das lässt sich nicht rückgängig machen."
          confirmLabel="Löschen"
          onConfirm={() => {}}
        />
        <LongWait label="Deine Geschichte wird geschrieben" />
      </>,
    );
    expect(screen.getByText('0 s')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => void toastStore.show({ title: 'Gespeichert' }));
    expect(await screen.findByRole('button', { name: 'Benachrichtigung schließen' })).toBeTruthy();
  });

  it('in Spanish: a screen that failed says so and offers the way back', async () => {
    await speak('es');
    renderWithProviders(<ScreenFailed onBack={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Esta pantalla se ha perdido' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al panel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recargar la página' })).toBeTruthy();
  });
});
