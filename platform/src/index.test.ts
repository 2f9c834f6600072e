import { describe, expect, it } from 'vitest';
import * as platform from './index.ts';

describe("the platform's entry point", () => {
  it('offers no way around the unit of work: neither the outbox nor the relay nor a raw SQL client', () => {
    const exported = Object.keys(platform);
    for (const internal of [
      'insertOutboxRow',
      'purgeFromOutbox',
      'OutboxRelay',
      'sqlClient',
      'unitOfWorkOn',
    ]) {
      expect(exported).not.toContain(internal);
    }
    expect(exported).toContain('createServiceEvents');
  });
});
