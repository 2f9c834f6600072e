import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (groups in turn; in a group, the longest or largest files first), with the short soak
 * first among the suites that run after the rest (e2e/vitest.config.ts, project `alone`). Those run two
 * at a time: the soak beside the crash, kill and fault suites one after another, which together take
 * less than its warm-up, so its measured minute has the machine to itself whichever of them the
 * cache or the file sizes would have put first.
 */
export default class TestSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const soak = sorted.findIndex((spec) => spec.moduleId.endsWith('/e2e/soak.test.ts'));
    if (soak < 0) return sorted;
    const [spec] = sorted.splice(soak, 1);
    const groupStart = sorted.findIndex(
      (other) => other.project.config.sequence.groupOrder === spec!.project.config.sequence.groupOrder,
    );
    sorted.splice(groupStart < 0 ? sorted.length : groupStart, 0, spec!);
    return sorted;
  }
}
