import { configDefaults, defineConfig } from 'vitest/config';

import { WORKERS } from '../vitest.workers.ts';

// The suites that need the machine to themselves: the soak measures memory growth under a fixed load,
// the crash and worker-kill suites kill processes mid-write, the fault run cuts the broker and
// PostgreSQL under a thousand toggles. They run after everything else, one at a time.
const ALONE = [
  'soak.test.ts',
  'crash/**/*.test.ts',
  'fault-injection.test.ts',
  'distributed-story-worker-kill.test.ts',
];

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
          exclude: [...configDefaults.exclude, ...ALONE],
        },
      },
      {
        test: {
          ...shared,
          name: 'alone',
          root: import.meta.dirname,
          include: ALONE,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
