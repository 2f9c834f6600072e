import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Each file starts its own processes; running them one at a time, after every other project has
    // finished (a later group), keeps two cores from thrashing.
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
  },
});
