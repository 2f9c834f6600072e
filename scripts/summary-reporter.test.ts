import { expect, it } from 'vitest';
import { type CountedModule, countOutcomes, slowestFiles } from './summary-reporter.ts';

it('lists the ten slowest files, slowest first, in seconds', () => {
  const files = Array.from({ length: 12 }, (_, i) => ({ file: `f${i}.test.ts`, ms: (i + 1) * 1_000 }));
  const lines = slowestFiles(files);
  expect(lines).toHaveLength(10);
  expect(lines[0]).toBe('   12.0 s  f11.test.ts');
  expect(lines[9]).toBe('    3.0 s  f2.test.ts');
});

const file = (state: string, tests: string[]): CountedModule => ({
  state: () => state,
  children: { allTests: () => tests.map((t) => ({ result: () => ({ state: t }) })) },
});

it('counts every test by its outcome', () => {
  expect(
    countOutcomes([file('passed', ['passed', 'skipped']), file('failed', ['passed', 'failed', 'failed'])]),
  ).toEqual({ passed: 2, failed: 2, skipped: 1 });
});

it('counts a file that failed with no failed test (a beforeAll threw, its tests skipped) as a failure', () => {
  expect(countOutcomes([file('failed', ['skipped']), file('failed', [])])).toEqual({
    passed: 0,
    failed: 2,
    skipped: 1,
  });
});
