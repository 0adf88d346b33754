import { defineConfig } from 'vitest/config';

/** Two tiers that run apart: `test:unit` (pure, no PostgreSQL, no ffmpeg) and `test:integration` (services, jobs and the HTTP API). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          setupFiles: ['../../scripts/unit-tier-guard.ts'],
          // Pure but not all instant (a 5,000-item feed, argon2): a loaded 2-core machine only slows them.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: ['test/unit/**'],
          // One embedded PostgreSQL per run; every test file clones its own database from it.
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
