import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (groups in turn; in a group, the longest or largest files first), with the short soak
 * first in its group (e2e/vitest.config.ts, project `alone`, run after the rest). That group runs two
 * files at a time: started first, the soak runs its three minutes beside the crash, kill and fault
 * suites one after another, instead of after whichever of them the cache or the file sizes put first.
 */
export default class TestSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const at = sorted.findIndex((spec) => spec.moduleId.endsWith('/e2e/soak.test.ts'));
    if (at < 0) return sorted;
    const [soak] = sorted.splice(at, 1);
    const group = soak!.project.config.sequence.groupOrder;
    const groupStart = sorted.findIndex((spec) => spec.project.config.sequence.groupOrder >= group);
    sorted.splice(groupStart < 0 ? sorted.length : groupStart, 0, soak!);
    return sorted;
  }
}
