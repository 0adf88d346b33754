import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The server's global setup: one embedded PostgreSQL per run, migrated once; files clone it.
    globalSetup: ['../server/test/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
