import { configDefaults, defineConfig } from 'vitest/config';

import { WORKERS } from '../vitest.workers.ts';

// The suites kept away from the rest of `npm test`: the crash and worker-kill suites kill processes
// mid-write, the fault run cuts the broker and PostgreSQL (its own database, through a proxy of its own)
// under a thousand toggles. They run after everything else, two at a time.
const ALONE = ['crash/**/*.test.ts', 'fault-injection.test.ts', 'distributed-story-worker-kill.test.ts'];

// The short soak measures memory growth under a fixed, light load (20 requests a second), with limits on
// counts and growth, never on durations. Its run starts with `npm test` (the project's global setup,
// support/soak-run.ts) and goes on beside the other suites; the file, in the group run last, waits for
// the run's outcome and asserts on it. Global setups run only for the projects that have files in the
// run, so the soak runs only when its file is chosen.
const SOAK = 'soak.test.ts';

const shared = { testTimeout: 60_000, hookTimeout: 90_000 };

export default defineConfig({
  test: {
    projects: [
      {
        // The browser journeys, the distributed suites and the fuzz run: each starts its own processes
        // on ports, databases and prefixes of its own, so two of them (or one beside a unit file) share
        // the two cores like the rest of `npm test`.
        test: {
          ...shared,
          name: 'journeys',
          maxWorkers: WORKERS,
          root: import.meta.dirname,
          exclude: [...configDefaults.exclude, ...ALONE, SOAK],
        },
      },
      {
        test: {
          ...shared,
          name: 'alone',
          root: import.meta.dirname,
          include: ALONE,
          maxWorkers: WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...shared,
          name: 'soak',
          root: import.meta.dirname,
          include: [SOAK],
          globalSetup: ['./support/soak-run.ts'],
          maxWorkers: WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
