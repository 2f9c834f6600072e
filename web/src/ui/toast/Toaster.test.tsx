import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/I18nProvider.tsx';
import { Toaster } from './Toaster.tsx';
import { toastStore } from './toastStore.ts';

function everythingOverlaps() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 400, height: 400 }),
  );
}

afterEach(() => {
  act(() => toastStore.clear());
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

function viewport(): HTMLElement {
  const list = document.querySelector<HTMLElement>('[data-place]');
  if (!list) throw new Error('no toast viewport');
  return list;
}

describe('where a toast goes', () => {
  it('keeps its lower corner off a phone when nothing is in the way', async () => {
    render(<Toaster />, { wrapper: I18nProvider });
    act(() => {
      toastStore.show({ title: 'Progress Recorded' });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(viewport().dataset.place).toBe('bottom');
  });

  it('goes to the other end when it would cover Record Progress or the open chat', async () => {
    everythingOverlaps();
    render(
      <>
        <button type="button" data-toast-avoid>
          Record Progress
        </button>
        <Toaster />
      </>,
      { wrapper: I18nProvider },
    );
    act(() => {
      toastStore.show({ title: 'Progress Recorded' });
    });
    await waitFor(() => expect(viewport().dataset.place).toBe('top'));
  });

  it('closes every open toast when asked to (a new screen)', () => {
    act(() => {
      toastStore.show({ title: 'One' });
      toastStore.dismissAll();
    });
    expect(toastStore.current().every((toast) => !toast.open)).toBe(true);
  });
});
