import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

import { WORKERS } from '../vitest.workers.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // A test waits up to 5 s per look (src/test/setup.ts); a busy two-core machine needs the room.
    testTimeout: 20_000,
    maxWorkers: WORKERS,
    // Each file gets a fresh VM context (its own modules and globals; Node's `process` is the worker's)
    // on a worker that lives on, instead of a new worker and a new happy-dom window per file: 70 s → 27 s
    // for the project's 53 files (docs/features/scale.md#ci-time).
    pool: 'vmThreads',
  },
});
