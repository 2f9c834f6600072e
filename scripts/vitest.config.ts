import { defineConfig } from 'vitest/config';

import { WORKERS } from '../vitest.workers.ts';

export default defineConfig({
  test: { maxWorkers: WORKERS },
});
