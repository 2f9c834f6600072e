import { describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_LIMIT, TOAST_REMOVE_DELAY } from './toastStore.ts';

describe('toast store', () => {
  it('keeps one toast at a time, the newest', () => {
    const store = createToastStore();
    store.show({ title: 'Goal Deleted' });
    store.show({ title: 'Foundation Assigned' });
    expect(TOAST_LIMIT).toBe(1);
    expect(store.current().map((toast) => toast.title)).toEqual(['Foundation Assigned']);
  });

  it('closes a dismissed toast at once and removes it after 1,000,000 ms', () => {
    vi.useFakeTimers();
    try {
      const store = createToastStore();
      const id = store.show({ title: 'Goal Deleted' });
      store.dismiss(id);
      expect(store.current()[0]?.open).toBe(false);
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
      expect(store.current()).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(store.current()).toHaveLength(0);
      expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    } finally {
      vi.useRealTimers();
    }
  });
});
