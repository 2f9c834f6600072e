import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
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
  if (env.PORT) return startTargetOn(target, env, options, Number(env.PORT));
  // A port freePort() found free can be taken by another test's process before this one binds it
  // (suites run in parallel): then try another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startTargetOn(target, env, options, await freePort());
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 3) throw error;
    }
  }
}

function startTargetOn(
  target: string,
  env: Record<string, string>,
  options: ProcessOptions,
  port: number,
): Promise<TargetProcess> {
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
    if (child.exitCode !== null) {
      if (output.includes('EADDRINUSE')) throw new PortTakenError(name, port, output);
      throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    }
    let ready = false;
    try {
      ready = (await fetch(`${url}/readyz`)).ok;
    } catch {
      // not listening yet
    }
    if (ready) {
      // Ready, but is it ours? Another test's server on this port would answer too.
      if (child.pid === undefined || listensOn(child.pid, port)) break;
      child.kill('SIGKILL');
      throw new PortTakenError(name, port, output);
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

/** The port chosen for a process was answered or bound by another process. */
export class PortTakenError extends Error {
  constructor(name: string, port: number, output: string) {
    super(`${name}: port ${port} belongs to another process:\n${output}`);
  }
}

/**
 * Whether process `pid` holds the listening TCP socket on `port` (Linux: its fds against
 * /proc/net/tcp*). Where /proc cannot say, it is taken as yes.
 */
function listensOn(pid: number, port: number): boolean {
  const inodes = new Set<string>();
  let tables = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    tables++;
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== '0A') continue; // 0A: LISTEN
      if (Number.parseInt(fields[1]!.split(':').at(-1)!, 16) === port) inodes.add(fields[9]!);
    }
  }
  if (tables === 0) return true;
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return true;
  }
  return fds.some((fd) => {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      return socket !== null && inodes.has(socket[1]!);
    } catch {
      return false;
    }
  });
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
