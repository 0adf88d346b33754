/**
 * Issue 19 journeys against the real launcher in Chromium:
 * - a one-minute 48 kHz stereo WAV (11 MB) chosen on the pre-upload form is converted to MP3 in the
 *   browser's Web Worker while 'Upload and return' waits for it, and the server stores the MP3;
 * - the bell's 'Upload ready' notice opens the Episode Creator with that upload, and is read.
 */
import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NOTIFICATION_LINKS, UPLOAD_CONVERSION, type TMediaItem } from '@ppp/contracts';
import { toneFile } from '@ppp/server/test-support';
import { DESKTOP, type RunningApp, registerAndSignIn, shot } from './harness.ts';
import { expect, test } from './fixtures.ts';

test.use({ launcherEnv: {} });
test.describe.configure({ mode: 'serial' });

let app: RunningApp;
let token = '';
let files = '';
const CREATOR = { email: 'converter@example.com', password: 'correct horse battery' };

async function uploads(): Promise<TMediaItem[]> {
  const res = await fetch(`${app.baseUrl}/api/media/main-content`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as TMediaItem[];
}

test.beforeAll(async ({ app: started, scratchDir }) => {
  app = started;
  files = scratchDir;
  token = await registerAndSignIn(app.baseUrl, CREATOR);
});

test('a large WAV goes up as an MP3 made in the browser, and its ready notice opens it', async ({ openPage }) => {
  const wav = toneFile(files, 'long-take.wav', 60, 330, ['-ac', '2', '-ar', '48000', '-c:a', 'pcm_s16le']);
  const wavBytes = statSync(wav).size;
  expect(wavBytes).toBeGreaterThan(UPLOAD_CONVERSION.minBytes);
  // A supplied transcript: the upload is Ready without waiting for speech recognition.
  const transcript = path.join(files, 'long-take.json');
  writeFileSync(transcript, JSON.stringify({ words: [{ text: 'hello', start: 0.5, end: 0.9 }] }));

  const page = await openPage(DESKTOP, { token });
  await page.goto('/dashboard/upload');
  await page.getByRole('button', { name: 'Upload and use processed audio' }).click();
  const inputs = page.locator('input[type=file]');
  await inputs.nth(1).setInputFiles(transcript);
  await inputs.nth(0).setInputFiles(wav);
  await expect(page.getByTestId('conversion-progress')).toBeVisible();
  await shot(page, 'upload-converting-desktop');
  // Pressed while preparing: the upload starts by itself once the MP3 is ready.
  await page.getByRole('button', { name: 'Upload and return' }).click();
  await expect(page).toHaveURL(`${app.baseUrl}/dashboard`, { timeout: 180_000 });

  await expect.poll(async () => (await uploads()).map((u) => u.original_name), { timeout: 60_000 }).toEqual(['long-take.mp3']);
  const [item] = await uploads();
  expect(item!.size).toBeLessThan(wavBytes / 2);
  // 128 kbps: 60 s is about 960 KB.
  expect(item!.size).toBeGreaterThan(900_000);
  expect(item!.size).toBeLessThan(1_100_000);
  await expect.poll(async () => (await uploads())[0]?.status, { timeout: 120_000 }).toBe('ready');
  expect(Math.abs(((await uploads())[0]?.duration_seconds ?? 0) - 60)).toBeLessThan(0.2);

  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAttribute('aria-label', 'Notifications, 1 unread', { timeout: 60_000 });
  await bell.click();
  const notice = page.getByRole('button', { name: 'Upload ready (unread)' });
  await expect(notice).toHaveAttribute('data-link', NOTIFICATION_LINKS.readyUpload(item!.id));
  await notice.click();
  // The Episode Creator takes the upload from ?upload= (and may drop the query once it has it).
  await expect(page).toHaveURL(/\/dashboard\/new-episode/);
  await expect(bell).toHaveAttribute('aria-label', 'Notifications');
  await shot(page, 'notice-opened-creator-desktop');
});
