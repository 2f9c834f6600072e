import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toastStore } from '../ui/toast/toastStore.ts';

afterEach(() => {
  cleanup();
  toastStore.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
