// The worker count of every project of `npm test`. Vitest does not hand the root config's `maxWorkers`
// to a project that has a config of its own (each resolves Vitest's default, one on two cores), runs
// every isolated project at one worker in a queue of its own, and refuses a group whose projects state
// different counts. So each project states this one.
//
// Two: most files wait on PostgreSQL, RabbitMQ, a browser or a child process as much as they compute,
// so two at once keep both cores busy. The suites that need the machine to themselves run after the
// rest, one at a time (e2e/vitest.config.ts, project `alone`).
export const WORKERS = 2;

// The pool of the projects whose files each boot PGlite and Prisma clients (platform and the auth,
// quests, social, admin and ai services, the OpenAI provider's files of ai excepted): a VM context per
// file (its modules and globals its own; Node's `process` is the worker's, shared, and no test of these
// projects changes its environment or handlers) in a worker process that lives on, so what V8 compiled (PGlite's WebAssembly above all) serves the next file too: a file
// booting PGlite took 4–5 s less (docs/features/scale.md#ci-time). Not for app and gateway, nor the
// OpenAI provider: in a VM context Vitest's own module loader fails on what the app's boot imports
// (`Invalid URL` in Node's package resolution), and the OpenAI SDK meets an abort error from another
// context.
export const PGLITE_POOL = 'vmForks';
