import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The entrypoint the images run: `node app/src/main.ts --target <t>` once the composition root is
 * its own workspace, `platform/src/main.ts` before.
 */
export function entrypoint(): string {
  const app = `${ROOT}app/src/main.ts`;
  return existsSync(app) ? app : `${ROOT}platform/src/main.ts`;
}

export interface Running {
  name: string;
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first ready answer. */
  bootMs: number;
  /** Resident memory now, in MB (from /proc). */
  rssMB(): number;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts a process (Node running `args` unless `command` says otherwise) and waits until `readyPath` answers 200. Only the given variables (plus PATH and
 * HOME) reach it, so nothing from the shell changes what is measured.
 */
export async function startProcess(
  name: string,
  args: string[],
  env: Record<string, string>,
  options: { port: number; readyPath?: string; timeoutMs?: number; cwd?: string; command?: string },
): Promise<Running> {
  const started = performance.now();
  let output = '';
  const child: ChildProcess = spawn(options.command ?? process.execPath, args, {
    cwd: options.cwd ?? ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = started + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}${options.readyPath ?? '/readyz'}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} was not ready in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const bootMs = performance.now() - started;
  return {
    name,
    url,
    pid: child.pid!,
    bootMs,
    rssMB: () => rssOf(child.pid!),
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      // Past the product's own 15 s shutdown bound, so its exit (and a CPU profile) is not cut short.
      const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(force);
    },
  };
}

/**
 * One LifeQuest target, started with the command the images use. With BENCH_CPU_PROF=<dir> every
 * target writes a V8 CPU profile there when it stops (read them with `node bench/profile.ts <dir>`).
 */
export function startTarget(
  target: string,
  env: Record<string, string>,
  port: number,
  nodeFlags: readonly string[] = [],
): Promise<Running> {
  const profileDir = process.env.BENCH_CPU_PROF;
  const profile = profileDir
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${profileDir}`,
        `--cpu-prof-name=${target}-${port}-${Date.now()}.cpuprofile`,
      ]
    : [];
  return startProcess(
    target,
    [...nodeFlags, ...profile, entrypoint(), '--target', target],
    { ...env, PORT: String(port) },
    { port },
  );
}

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const TICKS = 100;

/**
 * A process's or thread's name and the CPU seconds it has used so far, in user space and in the kernel,
 * from a /proc `stat` file (`/proc/<pid>/stat`, or `/proc/<pid>/task/<tid>/stat` for one thread).
 */
export function procStat(path: string): { name: string; user: number; system: number } {
  const stat = readFileSync(path, 'utf8');
  // The name is in parentheses and may hold spaces; after it, state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
    user: Number(fields[11]) / TICKS,
    system: Number(fields[12]) / TICKS,
  };
}

export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}
