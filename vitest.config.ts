import { defineConfig } from 'vitest/config';

// One run over every workspace; each folder is a project and may carry its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: [
      'proto',
      'platform',
      'gateway',
      'services/*',
      'app',
      'web',
      'e2e',
      'deploy',
      'scripts',
      'bench',
    ],
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Each project states the worker count itself (vitest.workers.ts): a project with a config of its own
    // does not take the root's.
  },
});
