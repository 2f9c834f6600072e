import { defineConfig } from 'vitest/config';

import { WORKERS } from '../vitest.workers.ts';

// Pure schema tests (no mocks, globals or environment changes): one worker runs them all, instead of a
// fresh one (spawn, environment, imports of zod) per file.
export default defineConfig({
  test: { isolate: false, maxWorkers: WORKERS },
});
