// The worker count of every project of `npm test`. Vitest does not hand the root config's `maxWorkers`
// to a project that has a config of its own (each resolves Vitest's default, one on two cores), runs
// every isolated project at one worker in a queue of its own, and refuses a group whose projects state
// different counts. So each project states this one.
//
// Two: most files wait on PostgreSQL, RabbitMQ, a browser or a child process as much as they compute,
// so two at once keep both cores busy. The suites that need the machine to themselves run after the
// rest, one at a time (e2e/vitest.config.ts, project `alone`).
export const WORKERS = 2;
