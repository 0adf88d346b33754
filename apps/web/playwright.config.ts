/**
 * Browser journeys on Playwright's runner, against the real launcher (e2e/fixtures.ts) in Debian's
 * Chromium: one journey file at a time, timeouts for a loaded 2-core machine, and a trace and
 * screenshots kept for each failed test under test-results/.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './e2e/harness.ts';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // E2E_OUTPUT_DIR keeps runs apart when several run at once on one machine (each run empties its folder).
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/e2e',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // A cold launcher (embedded PostgreSQL, migrations) and the first paint of lazy chunks are slow under load.
  timeout: 300_000,
  expect: { timeout: 30_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] },
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
