import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@lifequest/platform/testing';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface TargetProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ProcessOptions {
  /** The process's working directory (relative paths in `args` are read from it). */
  cwd?: string;
  readyTimeoutMs?: number;
}

/**
 * Starts one LifeQuest target as its own OS process, the way the distributed mode runs, and waits until
 * it answers /readyz. Only the given variables (plus PATH) are passed: nothing leaks from the test env.
 */
export async function startTarget(
  target: string,
  env: Record<string, string>,
  options: ProcessOptions = {},
): Promise<TargetProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  return startNodeProcess(
    target,
    [MAIN, '--target', target],
    {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      // Even a distributed target keeps small local files (the generated admin password): not in the repo.
      LIFEQUEST_DATA_DIR: mkdtempSync(join(tmpdir(), `lifequest-${target}-`)),
      ...env,
      PORT: String(port),
    },
    port,
    options,
  );
}

/**
 * Runs `node <args>` (this Node) with exactly `env` and waits until it answers /readyz on `port`. A
 * process that exits or is not ready in time fails with its output.
 */
export async function startNodeProcess(
  name: string,
  args: readonly string[],
  env: Record<string, string>,
  port: number,
  options: ProcessOptions = {},
): Promise<TargetProcess> {
  let output = '';
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs the entrypoint to completion (for boot refusals) and returns its exit code and output. */
export async function runToExit(args: string[], env: Record<string, string>, timeoutMs = 30_000) {
  return runNodeToExit(
    [MAIN, ...args],
    { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    { timeoutMs },
  );
}

/** Runs `node <args>` (this Node) with exactly `env` to completion: its exit code and output. */
export async function runNodeToExit(
  args: readonly string[],
  env: Record<string, string>,
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, args, { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}
