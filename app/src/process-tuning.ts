/*
 * Target `all` (`npm start`) is one long-lived process on a hero's machine, idle most of the day. Its
 * idle memory, measured (bench embedded, a restart over the seeded data dir): glibc gives every thread
 * that allocates its own malloc arena, and V8's four worker threads (compiling PGlite's WebAssembly in
 * the background, helping the GC) each leave one holding 30–50 MB that an idle process never returns.
 * With one V8 worker thread and at most two arenas it idles about 100 MB smaller. glibc also raises its
 * mmap threshold (up to 32 MB) each time a large block is freed, so after boot (migrations, compiling
 * the WebAssembly) later large buffers come from the main heap and stay there: the thresholds fixed at
 * glibc's own starting values (128 kB) keep large blocks in mappings of their own, returned when freed:
 * the main heap 123–132 → 74 MB, the idle process about 35 MB smaller (docs/performance.md). All must be
 * set before Node starts, so the process replaces itself once (execve: the same pid, so signals, the
 * data dir's lock and a supervisor see no difference). Distributed targets keep Node's defaults.
 */

const TUNED = 'LIFEQUEST_TUNED';
export const EMBEDDED_NODE_FLAGS = ['--v8-pool-size=1'] as const;
export const EMBEDDED_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
} as const;

type Execve = (file: string, args: string[], env: Record<string, string>) => void;

/** The target asked for, as `loadConfig` reads it: `--target x`, `--target=x`, LIFEQUEST_TARGET, else all. */
function targetOf(argv: readonly string[], env: NodeJS.ProcessEnv): string {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--target') return argv[i + 1] ?? '';
    if (arg.startsWith('--target=')) return arg.slice('--target='.length);
  }
  return env.LIFEQUEST_TARGET ?? 'all';
}

/** Restarts this process (same pid) with the embedded settings, once, when it runs target `all` on Linux. */
export function tuneEmbeddedProcess(
  options: {
    argv?: readonly string[];
    execArgv?: readonly string[];
    env?: NodeJS.ProcessEnv;
    platform?: NodeJS.Platform;
    execve?: Execve | undefined;
  } = {},
): void {
  const argv = options.argv ?? process.argv;
  const env = options.env ?? process.env;
  const execve = 'execve' in options ? options.execve : process.execve?.bind(process);
  if (env[TUNED] === '1' || (options.platform ?? process.platform) !== 'linux' || !execve) return;
  if (targetOf(argv.slice(2), env) !== 'all') return;
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) environment[name] = value;
  execve(
    process.execPath,
    [process.execPath, ...EMBEDDED_NODE_FLAGS, ...(options.execArgv ?? process.execArgv), ...argv.slice(1)],
    { ...environment, ...EMBEDDED_ENV, [TUNED]: '1' },
  );
}
