import { defineConfig } from 'vitest/config';

import { WORKERS } from '../vitest.workers.ts';

// Checks of files and manifests (no mocks, globals or environment changes): the files share their
// workers instead of paying a fresh one each.
export default defineConfig({
  test: { name: 'deploy', testTimeout: 30_000, hookTimeout: 60_000, isolate: false, maxWorkers: WORKERS },
});
