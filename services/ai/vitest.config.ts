import { configDefaults, defineConfig } from 'vitest/config';

import { PGLITE_POOL, WORKERS } from '../../vitest.workers.ts';

// Service tests boot PGlite and the whole app; on a busy two-core machine that takes longer than 5 s.
const shared = { testTimeout: 30_000, hookTimeout: 60_000, maxWorkers: WORKERS, root: import.meta.dirname };

// The OpenAI provider's files run in a process of their own each: the SDK tells a timeout by the abort
// error it meets, and in a VM context that error comes from another context (vitest.workers.ts).
const OPENAI = 'src/providers/openai/**/*.test.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: '@lifequest/ai',
          ...PGLITE_POOL,
          exclude: [...configDefaults.exclude, OPENAI],
        },
      },
      { test: { ...shared, name: '@lifequest/ai (openai)', include: [OPENAI] } },
    ],
  },
});
