import { defineConfig } from 'vitest/config';

/**
 * `test:unit`: planners, builders and parsers, with no tool started (the guard fails any test that runs
 * ffmpeg, espeak-ng or pocketsphinx). `test:integration`: the `.real.test.ts` files, which run the real
 * tools on short generated clips.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/**/*.real.test.ts'],
          setupFiles: ['../../scripts/unit-tier-guard.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/**/*.real.test.ts'],
          // Real ffmpeg, espeak-ng and pocketsphinx runs: generous limits so a busy 2-core machine only slows them.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
