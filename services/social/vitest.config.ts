import { defineConfig } from 'vitest/config';

import { PGLITE_POOL, WORKERS } from '../../vitest.workers.ts';

// Service tests boot PGlite and the whole app; on a busy two-core machine that takes longer than 5 s.
export default defineConfig({
  test: { testTimeout: 30_000, hookTimeout: 60_000, maxWorkers: WORKERS, ...PGLITE_POOL },
});
