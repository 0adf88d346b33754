/**
 * Issue 18 in Chromium against the real launcher: on Choose Audio, a creator changes the Flubber
 * keyword and a sound effect's keyword (the upload, not yet an episode, is re-scanned at once: its
 * counts change without a new transcription), Re-scans it by hand (nothing more changed), then opens its
 * transcript, searches it, corrects a word by clicking it (times kept) and saves; the stored
 * transcript reads the corrected word. Screenshots of the transcript view at 1280 and 390 px.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { EPISODE_CREATOR_SHELL } from '@ppp/contracts';
import { toneFile } from '@ppp/server/test-support';
import { DESKTOP, PHONE, apiClient, registerAndSignIn, shot, supplyTranscript, uploadToCategory, type RunningApp } from './harness.ts';
import { expect, test } from './fixtures.ts';
import { createShow, createTemplate } from './show-seeds.ts';

test.use({ launcherEnv: {} });
// One app for the file: its tests go on from what the earlier ones left.
test.describe.configure({ mode: 'serial' });

let app: RunningApp;
let token = '';
let upload: { id: string; filename: string };
let files = '';
const CREATOR = { email: 'transcript@example.com', password: 'correct horse battery' };
const SPOKEN = [
  'Welcome back to the bread show.',
  'Today we bake a sourdough loaf with a young starter.',
  'Oops, today we bake a sourdough boule with a young starter.',
  'Feed the starter once a day with rye flour and water, and keep it somewhere warm.',
  'Next week we shape baguettes and talk about steam in a home oven.',
];
const api = apiClient(
  () => app.baseUrl,
  () => token,
);

const tone = (seconds: number, name = 'bread.wav') => toneFile(files, name, seconds, 220, ['-ac', '1']);

/** The words with times, about 0.35 s each and a breath between sentences. */
function wordsFile(): string {
  let t = 0.3;
  const words = SPOKEN.flatMap((sentence) =>
    sentence.split(' ').map((text, i, all) => {
      const word = { text, start: Number(t.toFixed(2)), end: Number((t + 0.3).toFixed(2)) };
      t += i === all.length - 1 ? 0.9 : 0.35;
      return word;
    }),
  );
  const dest = path.join(files, 'bread.json');
  writeFileSync(dest, JSON.stringify({ words }));
  return dest;
}

async function storedWords(): Promise<{ text: string; words: { text: string; start: number; end: number }[] }> {
  return (await api('GET', `/api/media/${upload.id}/transcript`)).body as {
    text: string;
    words: { text: string; start: number; end: number }[];
  };
}

test.beforeAll(async ({ app: started, scratchDir }) => {
  app = started;
  files = scratchDir;
  token = await registerAndSignIn(app.baseUrl, CREATOR);
  await createTemplate(api, await createShow(api, 'The Bread Show', 'Baking at home.'), 'Just the talk');
  upload = await uploadToCategory(api, 'main_content', tone(30), 'Bread take');
  await supplyTranscript(api, upload.id, wordsFile(), () => app.output().slice(-3000));
});

test.describe('transcript review on Choose Audio', () => {
  test('re-scans with a changed keyword, then corrects a word in the transcript view', async ({ openPage }) => {
    const page = await openPage(DESKTOP, { token });
    await page.goto('/dashboard/new-episode');
    await page.getByRole('button', { name: EPISODE_CREATOR_SHELL.useProcessed }).click();
    await expect(page.getByRole('heading', { name: EPISODE_CREATOR_SHELL.chooseAudioTitle })).toBeVisible();
    const card = page.getByTestId('creator-upload').filter({ hasText: 'Bread take' });
    await expect(card).toContainText('Flubber 0');

    // 'Oops' becomes the retake keyword (saved from Settings): the upload, not yet an episode, is re-scanned at once.
    const saved = await api('PUT', '/api/users/me/audio-cleanup-settings', {
      settings: { commands: { flubber: { trigger_keyword: 'oops' } } },
    });
    expect(saved.status).toBe(200);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(card).toContainText('Flubber 1');

    // A sound effect whose keyword is 'oven' is added to the library: the upload is re-scanned for it too.
    const sfx = await uploadToCategory(api, 'sfx', tone(1, 'ding.wav'), 'Ding');
    expect((await api('PUT', `/api/media/${sfx.id}`, { trigger_keyword: 'oven' })).status).toBe(200);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(card).toContainText('Sound Effects 1');
    // Re-scan by hand finds the same with the same settings, and says so.
    await card.getByRole('button', { name: 'Re-scan Bread take' }).click();
    await expect(page.getByText('Nothing changed: the same commands and cleanup were found.')).toBeVisible();
    await shot(page, 'transcript-review-rescan-desktop');

    const before = await storedWords();
    await card.getByRole('button', { name: 'Transcript of Bread take' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transcript: Bread take' });
    await expect(dialog.getByTestId('transcript-lines')).toBeVisible();
    await dialog.getByLabel('Search').fill('sourdough');
    await expect(dialog.getByText('2 words found')).toBeVisible();

    // 'loaf' was misheard: click it, type the word and press Enter, then save.
    const loaf = before.words.findIndex((w) => w.text === 'loaf');
    await dialog.locator(`[data-word="${loaf}"]`).click();
    await dialog.getByLabel(`Correct word ${loaf + 1}`).fill('batard');
    await dialog.getByLabel(`Correct word ${loaf + 1}`).press('Enter');
    await expect(dialog.getByText('0 corrected · 1 unsaved')).toBeVisible();
    await shot(page, 'transcript-review-editing-desktop');
    await dialog.getByRole('button', { name: 'Save corrections' }).click();
    await expect(dialog.getByText('Corrections saved')).toBeVisible();
    await expect(dialog).toContainText('1 corrected · 0 unsaved');
    await shot(page, 'transcript-review-saved-desktop');

    const after = await storedWords();
    expect(after.text).toContain('sourdough batard with');
    expect(after.words.map((w) => [w.start, w.end])).toEqual(before.words.map((w) => [w.start, w.end]));
  });

  test('offers Transcript and Re-scan on Upload Audio too, where the corrected word reads', async ({ openPage }) => {
    const page = await openPage(DESKTOP, { token });
    await page.goto('/dashboard/upload');
    const row = page.getByTestId('processed-upload').filter({ hasText: 'Bread take' });
    await expect(row.getByRole('button', { name: 'Re-scan Bread take' })).toBeVisible();
    await shot(page, 'transcript-review-upload-page-desktop');
    await row.getByRole('button', { name: 'Transcript of Bread take' }).click();
    await expect(page.getByRole('dialog', { name: 'Transcript: Bread take' }).getByText('batard')).toBeVisible();
  });

  test('reads on a phone', async ({ openPage }) => {
    const page = await openPage(PHONE, { token });
    await page.goto('/dashboard/new-episode');
    await page.getByRole('button', { name: EPISODE_CREATOR_SHELL.useProcessed }).click();
    const card = page.getByTestId('creator-upload').filter({ hasText: 'Bread take' });
    await expect(card).toContainText('Sound Effects 1');
    await shot(page, 'transcript-review-uploads-phone');
    await card.getByRole('button', { name: 'Transcript of Bread take' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transcript: Bread take' });
    await expect(dialog.getByText('batard')).toBeVisible();
    await shot(page, 'transcript-review-phone');
  });
});
