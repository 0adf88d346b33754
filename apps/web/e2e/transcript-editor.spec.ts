/**
 * Issue 32 in Chromium against the real launcher: an upload whose words were misheard ('flubber' heard
 * as 'rubber' after a flubbed sentence said again, 'garlic' heard as 'gar lick', 'for listening' as one
 * word). In the Episode Creator's Before We Start the creator opens the transcript editor, hears a word,
 * corrects 'rubber', merges 'gar lick' and splits 'forlistening', and saves: the retake is now proposed,
 * its cut kept, the episode assembled and published to the built-in host. The feed's transcript has none
 * of the flubbed take's words nor the marker, and the description AI wrote reads the corrected words.
 * Then Episode History's edit panel opens the same editor on a phone. Screenshots at 1280 and 390 px.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { EPISODE_CREATOR_SHELL, PUBLISH_MESSAGES, type TPodcast } from '@ppp/contracts';
import { toneFile } from '@ppp/server/test-support';
import { DESKTOP, PHONE, apiClient, registerAndSignIn, shot, supplyTranscript, uploadToCategory, type RunningApp } from './harness.ts';
import { expect, test } from './fixtures.ts';
import { createPublishableShow, createTemplate } from './show-seeds.ts';

// Under a loaded machine a click waits a while for the page to settle.
test.use({ launcherEnv: {}, actionTimeout: 60_000 });
test.describe.configure({ mode: 'serial' });

const SLOT = 3;
/** What the recogniser heard, one phrase per slot: 'october' is said only in the flubbed take. */
const HEARD = [
  'Welcome to the garden hour.',
  'Today we plant garlic in october.',
  'Rubber.',
  'Today we plant gar lick in autumn.',
  'Garlic likes cold soil and full sun.',
  'Thanks forlistening.',
];
const TITLE = 'Garlic in autumn';
const CREATOR = { email: 'editor@example.com', password: 'correct horse battery' };

let app: RunningApp;
let token = '';
let files = '';
const api = apiClient(
  () => app.baseUrl,
  () => token,
);

function wordsFile(): string {
  const words = HEARD.flatMap((phrase, slot) =>
    phrase.split(' ').map((text, i) => {
      const start = Number((slot * SLOT + i * 0.35).toFixed(2));
      return { text, start, end: Number((start + 0.3).toFixed(2)) };
    }),
  );
  const dest = path.join(files, 'garlic.json');
  writeFileSync(dest, JSON.stringify({ words }));
  return dest;
}

/** Picks a word in the editor by its text: it plays and opens in the word inspector. */
async function pickWord(dialog: ReturnType<Page['getByRole']>, text: string) {
  await dialog.getByTestId('transcript-lines').locator(`[data-text="${text}"]`).click();
  await expect(dialog.getByTestId('word-inspector')).toBeVisible();
}

test.beforeAll(async ({ app: started, scratchDir }) => {
  test.setTimeout(300_000);
  app = started;
  files = scratchDir;
  token = await registerAndSignIn(app.baseUrl, CREATOR);
  // Only the reviewed retake changes the length: no pause or filler cuts.
  const settings = await api('PUT', '/api/users/me/audio-cleanup-settings', { settings: { removeFillers: false, removePauses: false } });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  const cover = path.join(files, 'cover.png');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x6a994e:s=1400x1400', '-frames:v', '1', cover]);
  await createTemplate(api, await createPublishableShow(api, 'Garden Hour', 'Growing food at home.', cover), 'Just the talk');
  const upload = await uploadToCategory(
    api,
    'main_content',
    toneFile(files, 'garlic.wav', HEARD.length * SLOT, 220, ['-ac', '1']),
    'Garlic take',
  );
  await supplyTranscript(api, upload.id, wordsFile(), () => app.output().slice(-3000));
});

test('corrects a misheard marker in the review; the retake is cut and the published transcript and notes read the corrected words', async ({
  openPage,
}) => {
  test.setTimeout(600_000);
  const page = await openPage(DESKTOP, { token });
  await page.goto('/dashboard/new-episode');
  await page.getByRole('button', { name: EPISODE_CREATOR_SHELL.useProcessed }).click();
  await page.getByRole('button', { name: 'Use Garlic take' }).click();
  await expect(page.getByTestId('creator-upload').filter({ hasText: 'Garlic take' })).toContainText('Flubber 0');

  // Before We Start finds nothing to ask: the marker was heard as 'rubber'. The creator opens the transcript.
  await page.getByRole('button', { name: EPISODE_CREATOR_SHELL.configureAutomations }).click();
  const intents = page.getByRole('dialog', { name: EPISODE_CREATOR_SHELL.intentsTitle });
  await expect(intents.getByTestId('intent-flubber')).toHaveCount(0);
  await intents.getByRole('button', { name: 'Correct the transcript' }).click();
  const editor = page.getByRole('dialog', { name: 'Transcript: Garlic take' });
  await expect(editor.getByTestId('transcript-lines')).toBeVisible();
  await expect(intents).toHaveCount(0);

  await pickWord(editor, 'Rubber.');
  await expect(editor.getByTestId('word-times')).toHaveText('0:06.0 to 0:06.3');
  await editor.getByLabel(/^Correct word \d+$/).fill('Flubber.');
  await editor.getByLabel(/^Correct word \d+$/).press('Enter');
  await pickWord(editor, 'gar');
  await editor.getByRole('button', { name: 'Merge with next' }).click();
  await expect(editor.getByLabel(/^Correct word \d+$/)).toHaveValue('garlick');
  await editor.getByLabel(/^Correct word \d+$/).fill('garlic');
  await editor.getByLabel(/^Correct word \d+$/).press('Enter');
  await pickWord(editor, 'forlistening.');
  await editor.getByLabel(/^Correct word \d+$/).fill('for listening.');
  await editor.getByLabel(/^Correct word \d+$/).press('Enter');
  await expect(editor.getByText('0 corrected · 3 unsaved')).toBeVisible();
  // The split halves share the word's time by their letters (3 and 9): 'listening.' starts a quarter in.
  await pickWord(editor, 'listening.');
  await expect(editor.getByTestId('word-times')).toHaveText('0:15.4 to 0:15.7');
  await shot(page, 'transcript-editor-desktop');
  await editor.getByRole('button', { name: 'Save corrections' }).click();
  await expect(editor.getByText('Corrections saved')).toBeVisible();
  await expect(editor).toContainText('Flubber 0 → 1');
  await expect(editor).toContainText('4 corrected · 0 unsaved');
  await shot(page, 'transcript-editor-saved-desktop');
  await editor.getByRole('button', { name: 'Close' }).click();

  // Back in Before We Start: the retake is now found; yes, and Review Retakes proposes cutting the flubbed take.
  await expect(intents.getByTestId('intent-flubber')).toContainText('Detected 1');
  await intents.getByTestId('intent-flubber').getByText('Yes').click();
  await intents.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('retake-card')).toHaveCount(1, { timeout: 40_000 });
  await expect(page.getByTestId('retake-basis')).toContainText('october');
  await expect(page.getByRole('button', { name: /^Uncut the retake at/ })).toBeVisible();
  await page.getByRole('button', { name: EPISODE_CREATOR_SHELL.applySelected }).click();

  await expect(page.getByText('Step 3 of 6')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByTestId('cover-art-step')).toBeVisible();
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await expect(page.getByTestId('details-step')).toBeVisible({ timeout: 30_000 });
  // Auto fill with AI wrote the description from the corrected words, without the cut take.
  const description = page.locator('#details-description');
  await expect(description).not.toHaveValue('', { timeout: 60_000 });
  const notes = (await description.inputValue()).toLowerCase();
  expect(notes).toContain('garlic');
  for (const gone of ['october', 'lick', 'rubber', 'flubber', 'forlistening']) expect(notes).not.toContain(gone);
  await page.getByLabel('Episode Title').fill(TITLE);
  await page.getByLabel('Save as draft').check();
  await expect(page.getByTestId('minutes-check')).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Assemble Episode' }).click();
  await expect(page.getByRole('heading', { name: 'Draft Ready' })).toBeVisible({ timeout: 240_000 });
  await page.getByRole('button', { name: 'Publish now' }).click();
  await page
    .getByRole('dialog', { name: `Publish “${TITLE}”` })
    .getByRole('button', { name: 'Publish', exact: true })
    .click();
  await expect(page.getByTestId('result-published')).toHaveText(PUBLISH_MESSAGES.publishedBuiltin, { timeout: 120_000 });

  // The built-in host's feed: the episode's transcript file has the corrected words, none of the cut take, no marker.
  const [show] = (await api('GET', '/api/podcasts/')).body as TPodcast[];
  const rss = await page.request.get(show!.rss_url.replace(/^https?:\/\/[^/]+/, app.baseUrl));
  const xml = await rss.text();
  const transcriptUrl =
    /<podcast:transcript url="([^"]+)" type="text\/vtt"/.exec(xml)?.[1] ?? /<podcast:transcript url="([^"]+)"/.exec(xml)?.[1];
  expect(transcriptUrl, xml).toBeTruthy();
  const vtt = (
    await (await page.request.get(transcriptUrl!.replace(/&amp;/g, '&').replace(/^https?:\/\/[^/]+/, app.baseUrl))).text()
  ).toLowerCase();
  for (const kept of ['garlic', 'autumn', 'listening']) expect(vtt).toContain(kept);
  for (const gone of ['october', 'rubber', 'flubber', 'lick', 'forlistening']) expect(vtt).not.toContain(gone);
  const item = xml.slice(xml.indexOf('<item>'));
  expect(item.toLowerCase()).not.toContain('october');
});

test('the episode edit panel opens the same editor, and says the audio changes when it is rendered again (phone)', async ({ openPage }) => {
  const page = await openPage(PHONE, { token });
  await page.goto('/dashboard/episodes');
  await page.getByRole('button', { name: `More actions for ${TITLE}` }).click();
  await page.getByRole('menuitem', { name: 'Edit details' }).click();
  await page.getByTestId('edit-panel-transcript').getByRole('button', { name: 'Correct transcript' }).click();
  const editor = page.getByRole('dialog', { name: 'Transcript: Garlic take' });
  await expect(editor.getByTestId('transcript-lines').locator('[data-text="Flubber."]')).toBeVisible();
  await pickWord(editor, 'autumn.');
  await shot(page, 'transcript-editor-phone');
  await editor.getByLabel(/^Correct word \d+$/).fill('fall.');
  await editor.getByLabel(/^Correct word \d+$/).press('Enter');
  await editor.getByRole('button', { name: 'Save corrections' }).click();
  await expect(editor.getByTestId('reassemble-notice')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Review retakes' })).toBeVisible();
  await shot(page, 'transcript-editor-episode-saved-phone');
});
