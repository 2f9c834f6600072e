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
    // Vitest's default on two cores is one file at a time; most files wait on PostgreSQL, RabbitMQ or a
    // child process as much as they compute, so two run at once, the browser journeys and distributed
    // suites among them. The suites that need the machine to themselves (the soak, the crash, worker-kill
    // and fault runs) run after all of these, one at a time (e2e/vitest.config.ts, project `alone`).
    maxWorkers: 2,
  },
});
