import { defineConfig } from 'vitest/config';

// One run over every workspace; each folder is a project and may carry its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['proto', 'platform', 'gateway', 'services/*', 'app', 'web', 'e2e', 'deploy', 'scripts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
