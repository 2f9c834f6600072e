import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

import { WORKERS } from '../vitest.workers.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // A test waits up to 5 s per look (src/test/setup.ts); a busy two-core machine needs the room.
    testTimeout: 20_000,
    maxWorkers: WORKERS,
  },
});
