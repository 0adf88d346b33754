import { defineConfig } from 'vitest/config';

/** Browser journeys against the real launcher (embedded PostgreSQL): slow by nature. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    setupFiles: ['e2e/policy-guard.ts'],
    // A cold launcher and lazy chunks on a loaded 2-core machine can take seconds to first paint.
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
});
