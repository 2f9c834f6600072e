import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runSoak, type SoakResult, type SoakSample } from '../../bench/lib/soak.ts';

// The short soak's run, started by Vitest's global setup of the `soak` project (e2e/vitest.config.ts)
// when `npm test` begins, so its three minutes pass beside the other suites instead of after them;
// e2e/soak.test.ts waits for its outcome and asserts on it. Its load is light (20 requests a second)
// and its limits are on counts and growth, never on durations.

/**
 * Three minutes, a sample every 10 s: one of warm-up, then two measured. With the young generation
 * pinned the processes hold their size from the first half-minute; a window of two minutes gives each
 * third of it four samples, so one major collection (the RSS down 10–20 MB, then back within a minute)
 * cannot pass for growth, while a leak has twice as long to show (docs/features/scale.md#soak).
 */
export const SOAK_SECONDS = 180;

/** Where the run writes: a line per sample as it goes, and its outcome once it has ended. */
export interface SoakFiles {
  log: string;
  outcome: string;
}

/** What the run leaves in `SoakFiles.outcome`: its result, or why it could not run. */
export type SoakOutcome = { result: SoakResult } | { error: string };

declare module 'vitest' {
  export interface ProvidedContext {
    soakFiles: SoakFiles;
  }
}

/** The heavy suites' lock (package.json's fault and soak): held until the run ends. */
function heavyLock(): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const holder = spawn('flock', ['/tmp/lq-heavy.lock', '-c', 'echo locked; read _'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    holder.on('error', reject);
    holder.stdout.once('data', () => resolve(holder));
  });
}

/** A sample as one line: what grew, when a limit fails. */
function sampleLine(s: SoakSample): string {
  const processes = Object.entries(s.processes)
    .map(
      ([name, p]) =>
        `${name} ${p.rssMB.toFixed(1)} (heap ${p.heapUsedMB.toFixed(1)} of ${p.heapTotalMB.toFixed(1)}, new ${p.newSpaceMB.toFixed(1)}, external ${p.externalMB.toFixed(1)})`,
    )
    .join(' ');
  return `soak ${s.at.toFixed(0)} s: ${s.requests} req, errors ${s.errors}, backlog ${s.backlog}, RSS ${processes}\n`;
}

/**
 * Starts the run without waiting for it and hands its files to the tests; the teardown ends the load if
 * the run is stopped before the soak is over, and waits for its processes to close.
 */
export default function startSoak(project: TestProject): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lifequest-soak-'));
  const files: SoakFiles = { log: join(dir, 'samples.log'), outcome: join(dir, 'outcome.json') };
  writeFileSync(files.log, '');
  const stop = new AbortController();
  const settle = (outcome: SoakOutcome) => {
    // Whole or not at all: the test reads it as soon as it exists.
    writeFileSync(`${files.outcome}.tmp`, JSON.stringify(outcome));
    renameSync(`${files.outcome}.tmp`, files.outcome);
  };
  const running = (async () => {
    const lock = await heavyLock();
    try {
      const result = await runSoak({
        seconds: SOAK_SECONDS,
        warmupSeconds: 60,
        sampleSeconds: 10,
        // 20 heroes, not 200: seeding a hero through the API (its password hash included) is most of
        // the cost of each one.
        heroes: 20,
        rate: 20,
        // The young generation at one size throughout (16 MB semi-spaces, both bounds), so that V8
        // growing or shrinking it mid-run is not read as growth; the 30-minute soak keeps Node's defaults.
        nodeFlags: ['--min-semi-space-size=16', '--max-semi-space-size=16'],
        onSample: (sample) => appendFileSync(files.log, sampleLine(sample)),
        signal: stop.signal,
      });
      settle({ result });
    } finally {
      lock.stdin?.end();
    }
  })().catch((error: unknown) =>
    settle({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
  project.provide('soakFiles', files);
  return async () => {
    stop.abort();
    await running;
    rmSync(dir, { recursive: true, force: true });
  };
}
