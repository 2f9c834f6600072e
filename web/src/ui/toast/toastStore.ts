/** Only one toast is visible at a time. */
export const TOAST_LIMIT = 1;
/** A dismissed toast is removed from state after this delay (ms). */
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = (toasts: readonly ToastItem[]) => void;

/**
 * A tiny module-level store so any component (or mutation callback) can raise a toast without
 * threading context through. Newest first; anything past the limit is dropped at once.
 */
export function createToastStore(schedule: typeof setTimeout = setTimeout) {
  let toasts: ToastItem[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  function emit() {
    for (const listener of listeners) listener(toasts);
  }

  function remove(id: string) {
    toasts = toasts.filter((toast) => toast.id !== id);
    removalTimers.delete(id);
    emit();
  }

  function dismiss(id: string) {
    toasts = toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast));
    if (!removalTimers.has(id))
      removalTimers.set(
        id,
        schedule(() => remove(id), TOAST_REMOVE_DELAY),
      );
    emit();
  }

  /** Closes every open toast: a new screen does not carry the last one's news. */
  function dismissAll() {
    for (const toast of toasts) if (toast.open) dismiss(toast.id);
  }

  function show(input: ToastInput): string {
    counter += 1;
    const id = String(counter);
    toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
    emit();
    return id;
  }

  function subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /** Drops every toast and pending removal; used between tests. */
  function clear() {
    for (const timer of removalTimers.values()) clearTimeout(timer);
    removalTimers.clear();
    toasts = [];
    emit();
  }

  return { show, dismiss, dismissAll, clear, subscribe, current: () => toasts };
}

export const toastStore = createToastStore();

export function toast(input: ToastInput): string {
  return toastStore.show(input);
}

/**
 * Raised when something a toast must not cover appears (the chat opening): a toast showing is placed
 * again (ui/toast/Toaster).
 */
export const TOAST_AVOID_CHANGED = 'lifequest:toast-avoid-changed';
