import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface StartedLifeQuest {
  url: string;
  child: ChildProcess;
  output(): string;
  /**
   * Sends the signal and resolves with the exit code (null when it died of a signal); past the grace
   * period the whole process group is killed and the promise rejects.
   */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | null>;
}

function killGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * Starts LifeQuest the way a newcomer does: `npm start` is `node scripts/bootstrap.mjs start`, which
 * makes sure of dependencies, Prisma clients and the web build before handing over to the embedded
 * runtime. Only the listed variables (plus PATH) reach it, so nothing leaks from the test's own env.
 */
export async function startLifeQuest(
  env: Record<string, string>,
  readyTimeoutMs = 240_000,
): Promise<StartedLifeQuest> {
  let output = '';
  const child = spawn(process.execPath, ['scripts/bootstrap.mjs', 'start'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      LIFEQUEST_QUIET_BOOTSTRAP: '1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
      // The app binds a port the system picks and says which: a port picked here and freed for it could
      // be taken by another suite's process in between, whose /readyz would then answer for this app.
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a start that never gets ready can be ended whole: bootstrap may be
    // waiting on `npm install` or a build, and killing bootstrap alone would orphan those.
    detached: true,
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // A bound on a cold start (npm install and a web build may run first), not a claim about speed.
  const deadline = Date.now() + readyTimeoutMs;
  let url = '';
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    // "LifeQuest is running at …" is printed once every module is ready, with the port it bound.
    const running = /LifeQuest is running at https?:\/\/[^\s:]+:(\d+)/.exec(output);
    if (running) {
      url = `http://127.0.0.1:${running[1]}`;
      try {
        if ((await fetch(`${url}/readyz`)).status === 200) break;
      } catch {
        // not answering yet
      }
    }
    if (Date.now() > deadline) {
      killGroup(child);
      throw new Error(`npm start did not answer GET /readyz with 200:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM', graceMs = 30_000) {
      // Bootstrap passes the signal on to the runtime and exits with its code.
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), graceMs);
      });
      const code = await Promise.race([exited, late]);
      clearTimeout(timer);
      if (code !== 'late') return code;
      killGroup(child);
      throw new Error(`npm start did not exit within ${graceMs} ms of ${signal}:\n${output}`);
    },
  };
}
