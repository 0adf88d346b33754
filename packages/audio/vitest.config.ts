import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Real ffmpeg, espeak-ng and pocketsphinx runs: generous limits so a busy 2-core machine only slows them.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
