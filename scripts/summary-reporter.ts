import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** A test file and the wall time it took: environment, imports, setup, its tests and hooks. */
export interface FileTime {
  file: string;
  ms: number;
}

/**
 * The `count` slowest files, one line each, slowest first: where `npm test`'s time goes (an app booted
 * per test, a file that could share its workers), printed at the end of every run.
 */
export function slowestFiles(files: readonly FileTime[], count = 10): string[] {
  return [...files]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(({ file, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
}

/** Everything a file cost its worker, from the environment's setup to its last hook. */
function fileTime(module: TestModule): FileTime {
  const d = module.diagnostic();
  const ms =
    d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
  return { file: relative(process.cwd(), module.moduleId), ms };
}

/** What `countOutcomes` reads of a test file: its state and its tests' states. */
export interface CountedModule {
  state(): string;
  children: { allTests(): Iterable<{ result(): { state: string } }> };
}

/**
 * Tests passed, failed and skipped across the files. A file that failed without a failed test of its
 * own (it did not load, or a `beforeAll` threw and its tests were skipped) counts as one failure: the
 * plain line must never read "0 failed" on a red run.
 */
export function countOutcomes(testModules: ReadonlyArray<CountedModule>) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const module of testModules) {
    let failedHere = 0;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') counts.passed++;
      else if (state === 'failed') failedHere++;
      else counts.skipped++;
    }
    counts.failed += module.state() === 'failed' ? Math.max(failedHere, 1) : failedHere;
  }
  return counts;
}

/**
 * Ends the run with the ten slowest files, then one plain line, 'N passed, N failed, N skipped', that
 * any CI log reader understands regardless of Vitest's own formatting.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = countOutcomes(testModules);
    const times = testModules.map(fileTime).sort((a, b) => b.ms - a.ms);
    // Every file's time, slowest first, for whoever plans how the suites share the cores.
    const timesFile = process.env.TEST_TIMES_FILE;
    if (timesFile) writeFileSync(timesFile, `${JSON.stringify(times, null, 1)}\n`);
    if (testModules.length > 1) {
      const slowest = slowestFiles(times);
      process.stdout.write(`\nthe ${slowest.length} slowest test files:\n${slowest.join('\n')}\n`);
    }
    process.stdout.write(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
