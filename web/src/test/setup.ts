import { TextDecoderStream } from 'node:stream/web';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toastStore } from '../ui/toast/toastStore.ts';

// Lazy screens load their chunk on first render; on a busy two-core machine that can take longer than
// testing-library's 1 s default for findBy*, which made tests fail for no fault of the screen.
configure({ asyncUtilTimeout: 5_000 });

// Each file runs in a VM context whose globals are happy-dom's window (vitest.config.ts, `vmThreads`).
// happy-dom has no TextDecoderStream, which every browser the app supports has and the streamed answers
// of The Pathfinder read with: the context gets Node's own.
globalThis.TextDecoderStream ??= TextDecoderStream as typeof globalThis.TextDecoderStream;

afterEach(() => {
  cleanup();
  toastStore.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
