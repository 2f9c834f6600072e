import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import TestSequencer from './test-sequencer.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A file of the run as the sequencer sees it: its path, its project and that project's group. */
function spec(path: string, project: string, groupOrder: number): TestSpecification {
  return {
    moduleId: `${ROOT}${path}`,
    project: { name: project, config: { isolate: true, sequence: { groupOrder } } },
  } as unknown as TestSpecification;
}

describe('the test sequencer', () => {
  // No results cached (a fresh clone): Vitest orders a group's files by size, largest first.
  const ctx = { cache: { getTestSpecificationResult: () => undefined } } as unknown as Vitest;

  it('starts the short soak first among the suites run after the rest, whatever their sizes', async () => {
    const files = [
      spec('e2e/fault-injection.test.ts', 'e2e (alone)', 1),
      spec('e2e/web-journey.test.ts', 'e2e (journeys)', 0),
      spec('e2e/crash/kill-9.test.ts', 'e2e (alone)', 1),
      spec('e2e/soak.test.ts', 'e2e (alone)', 1),
      spec('e2e/distributed-story-worker-kill.test.ts', 'e2e (alone)', 1),
    ];
    const sorted = (await new TestSequencer(ctx).sort(files)).map((s) => s.moduleId.slice(ROOT.length));
    expect(sorted[0]).toBe('e2e/web-journey.test.ts');
    expect(sorted[1]).toBe('e2e/soak.test.ts');
    expect(sorted.slice(2).sort()).toEqual([
      'e2e/crash/kill-9.test.ts',
      'e2e/distributed-story-worker-kill.test.ts',
      'e2e/fault-injection.test.ts',
    ]);
  });

  it('keeps the soak within its own group when it is the only file there', async () => {
    const files = [
      spec('e2e/fault-injection.test.ts', 'later', 2),
      spec('e2e/soak.test.ts', 'e2e (alone)', 1),
      spec('e2e/web-journey.test.ts', 'e2e (journeys)', 0),
    ];
    const sorted = (await new TestSequencer(ctx).sort(files)).map((s) => s.moduleId.slice(ROOT.length));
    expect(sorted).toEqual(['e2e/web-journey.test.ts', 'e2e/soak.test.ts', 'e2e/fault-injection.test.ts']);
  });

  it("leaves Vitest's order as it is without the soak", async () => {
    const without = [
      spec('e2e/crash/kill-9.test.ts', 'e2e (alone)', 1),
      spec('e2e/web-journey.test.ts', 'e2e (journeys)', 0),
    ];
    const sorted = await new TestSequencer(ctx).sort(without);
    expect(sorted.map((s) => s.moduleId)).toEqual([without[1]!.moduleId, without[0]!.moduleId]);
  });
});
