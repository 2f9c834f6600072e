import { expect, it } from 'vitest';
import { slowestFiles } from './summary-reporter.ts';

it('lists the ten slowest files, slowest first, in seconds', () => {
  const files = Array.from({ length: 12 }, (_, i) => ({ file: `f${i}.test.ts`, ms: (i + 1) * 1_000 }));
  const lines = slowestFiles(files);
  expect(lines).toHaveLength(10);
  expect(lines[0]).toBe('   12.0 s  f11.test.ts');
  expect(lines[9]).toBe('    3.0 s  f2.test.ts');
});
