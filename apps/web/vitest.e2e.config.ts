import { defineConfig } from 'vitest/config';

/** Browser journeys against the real launcher (embedded PostgreSQL): slow by nature. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
