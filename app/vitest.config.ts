import { defineConfig } from 'vitest/config';

import { GATEWAY_POOL, WORKERS } from '../vitest.workers.ts';

// These suites boot the whole app (or its processes) on PGlite; on a busy two-core machine that takes longer than 5 s.
export default defineConfig({
  test: { testTimeout: 30_000, hookTimeout: 60_000, maxWorkers: WORKERS, ...GATEWAY_POOL },
});
