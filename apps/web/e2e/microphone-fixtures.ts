/** Journeys that record: Chromium started with its fake microphone playing a steady tone. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { toneFile } from '@ppp/server/test-support';
import { FAKE_MEDIA_ARGS } from './harness.ts';
import { test } from './fixtures.ts';

/**
 * The journey fixtures with Chromium's fake microphone playing a steady tone from a file, looped,
 * instead of its built-in beep (20 ms every 500 ms), so the level meter reads sound at whatever moment
 * a loaded machine samples it; the launcher's environment is `launcherEnv`.
 */
export function withFakeMicrophone(launcherEnv: Record<string, string> = {}) {
  return test.extend<object, { toneFile: string }>({
    toneFile: [
      async ({}, use) => {
        const dir = await mkdtemp(path.join(tmpdir(), 'ppp-e2e-microphone-'));
        // Ten seconds of a 440 Hz tone, 48 kHz mono 16-bit WAV, which Chromium's fake device loops.
        await use(toneFile(dir, 'tone.wav', 10, 440, ['-ar', '48000', '-ac', '1', '-c:a', 'pcm_s16le']));
        await rm(dir, { recursive: true, force: true });
      },
      { scope: 'worker' },
    ],
    launchOptions: [
      async ({ launchOptions, toneFile }, use) =>
        use({
          ...launchOptions,
          args: [...(launchOptions.args ?? []), ...FAKE_MEDIA_ARGS, `--use-file-for-fake-audio-capture=${toneFile}`],
        }),
      { scope: 'worker' },
    ],
    launcherEnv: [async ({}, use) => use(launcherEnv), { scope: 'worker' }],
  });
}
