import { configDefaults, defineConfig } from 'vitest/config';

import { WORKERS } from '../vitest.workers.ts';

// The suites kept away from the rest of `npm test`: the soak measures memory growth under a fixed load,
// the crash and worker-kill suites kill processes mid-write, the fault run cuts the broker and
// PostgreSQL (its own database, through a proxy of its own) under a thousand toggles. They run after
// everything else, two at a time: the soak first (scripts/test-sequencer.ts), and beside it the other
// three one after another. The soak's load is light (20 requests a second); its limits are on growth,
// never on durations.
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
          maxWorkers: WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
