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

/**
 * Ends the run with the ten slowest files, then one plain line, 'N passed, N failed, N skipped', that
 * any CI log reader understands regardless of Vitest's own formatting.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
      // A file that failed to load has no tests to count but must still count as a failure.
      if (module.state() === 'failed' && module.children.size === 0) counts.failed++;
    }
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
