import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'deploy', testTimeout: 30_000, hookTimeout: 60_000 },
});
