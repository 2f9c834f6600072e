import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toastStore } from '../ui/toast/toastStore.ts';

// Lazy screens load their chunk on first render; on a busy two-core machine that can take longer than
// testing-library's 1 s default for findBy*, which made tests fail for no fault of the screen.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  toastStore.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
