// The worker count of every project of `npm test`. Vitest does not hand the root config's `maxWorkers`
// to a project that has a config of its own (each resolves Vitest's default, one on two cores), runs
// every isolated project at one worker in a queue of its own, and refuses a group whose projects state
// different counts. So each project states this one.
//
// Two: most files wait on PostgreSQL, RabbitMQ, a browser or a child process as much as they compute,
// so two at once keep both cores busy. The suites that need the machine to themselves run after the
// rest, one at a time (e2e/vitest.config.ts, project `alone`).
export const WORKERS = 2;

// The pool of the projects whose files each boot PGlite and Prisma clients (platform, the auth, quests,
// social, admin and ai services but the OpenAI provider's files, and through GATEWAY_POOL app and
// gateway): a VM context per file (its modules and globals its own; Node's `process` is the worker's,
// shared, and no test of these projects changes its environment or handlers) in a worker process that
// lives on, so what V8 compiled (PGlite's WebAssembly above all) serves the next file too: a file
// booting PGlite took 4–5 s less (docs/features/scale.md#ci-time). Not for the OpenAI provider: in a
// VM context the SDK meets an abort error from another context.
//
// Those workers run WebAssembly on V8's baseline compiler only (`--liftoff-only`): a test file runs
// PGlite for seconds, too short for the optimizing compiler's recompiles of its hot functions to pay
// back the CPU they take on the two cores. It changes how fast the code runs, not what it does; the
// processes of LifeQuest itself (`npm start`, the distributed targets the e2e suites start) keep V8's
// defaults. These projects, three runs each way, alternating: 435 against 480 s of CPU, 251 against
// 272 s (docs/features/scale.md#ci-time).
export const PGLITE_POOL = { pool: 'vmForks' as const, execArgv: ['--liftoff-only'] };

// The pool of the projects that boot the gateway too (app, gateway): PGLITE_POOL, with one package
// transformed by Vite instead of loaded as it is. @fastify/cookie is CommonJS that `import()`s `cookie`
// when it registers; in a VM context Vitest hands Node's resolver that file's path where Node needs a
// URL, and the import fails with `Invalid URL`. Transformed, the import goes through Vitest's own
// resolution.
export const GATEWAY_POOL = { ...PGLITE_POOL, server: { deps: { inline: ['@fastify/cookie'] } } };
