/**
 * Issue 32 in Chromium against the real launcher: an upload transcribed by pocketsphinx (no whisper
 * model on this install yet) says so on Upload Audio and on the Episode Creator's upload card, plainly, with Correct the transcript and no
 * Re-transcribe while no better engine runs. Then a whisper.cpp model file appears where
 * WHISPER_MODEL_PATH points (a tiny random-weight ggml model, so the words are not the point): the
 * notice offers Re-transcribe, the dialog says what happens, and the upload is transcribed again by
 * whisper.cpp, after which the notice is gone. Screenshots at 1280 px.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// The journey writes the model file itself, as packages/audio's whisper.cpp test does (no download).
import { writeTestModel } from '../../../packages/audio/src/transcription/whisper/test-model.ts';
import { EPISODE_CREATOR_SHELL, RETRANSCRIBE_MESSAGES } from '@ppp/contracts';
import { DESKTOP, apiClient, registerAndSignIn, shot, speechTrack, uploadToCategory, type RunningApp } from './harness.ts';
import { expect, test } from './fixtures.ts';
import { createShow, createTemplate } from './show-seeds.ts';

const MODEL_DIR = path.join(tmpdir(), `ppp-e2e-fallback-${process.pid}`);
const MODEL = path.join(MODEL_DIR, 'ggml-tiny-test.bin');
test.use({ launcherEnv: { WHISPER_MODEL_PATH: MODEL, WHISPER_AUTO_DOWNLOAD: 'false' } });
test.describe.configure({ mode: 'serial' });

let app: RunningApp;
let token = '';
let upload: { id: string; filename: string };
const CREATOR = { email: 'fallback@example.com', password: 'correct horse battery' };
const api = apiClient(
  () => app.baseUrl,
  () => token,
);

interface Listed {
  id: string;
  status: string;
  transcription_engine: string | null;
  transcription_fallback: boolean;
}
const listed = async () => ((await api('GET', '/api/media/main-content')).body as Listed[]).find((m) => m.id === upload.id);

test.beforeAll(async ({ app: started, scratchDir }) => {
  app = started;
  mkdirSync(MODEL_DIR, { recursive: true });
  token = await registerAndSignIn(app.baseUrl, CREATOR);
  await createTemplate(api, await createShow(api, 'The Garden Show', 'Growing food at home.'), 'Just the talk');
  upload = await uploadToCategory(
    api,
    'main_content',
    speechTrack(scratchDir, ['welcome to the garden show', 'flubber', 'today we sow tomatoes'], 2),
    'Garden take',
  );
  await expect.poll(async () => (await listed())?.status, { timeout: 180_000, message: app.output().slice(-3000) }).toBe('ready');
});
test.afterAll(() => rmSync(MODEL_DIR, { recursive: true, force: true }));

test('an upload the offline recogniser transcribed says so, and is re-transcribed once whisper.cpp is there', async ({ openPage }) => {
  expect(await listed()).toMatchObject({ transcription_engine: 'pocketsphinx', transcription_fallback: true });
  const page = await openPage(DESKTOP, { token });
  await page.goto(`/dashboard/upload?upload=${upload.id}`);
  const row = page.getByTestId('processed-upload').filter({ hasText: 'Garden take' });
  const notice = row.getByTestId('fallback-notice');
  await expect(notice).toContainText(RETRANSCRIBE_MESSAGES.fallbackTitle);
  await expect(notice).toContainText('may miss retakes and commands you said, or find ones you never said');
  await expect(notice).toContainText(RETRANSCRIBE_MESSAGES.noBetterEngineYet);
  await expect(notice.getByRole('button', { name: /Correct the transcript/ })).toBeVisible();
  await expect(notice.getByRole('button', { name: /Re-transcribe/ })).toHaveCount(0);
  await notice.scrollIntoViewIfNeeded();
  await shot(page, 'fallback-notice-offline');

  // The Episode Creator's upload card says the same.
  await row.getByRole('link', { name: EPISODE_CREATOR_SHELL.useInNewEpisode }).click();
  // Its one template is taken at once: Choose Audio opens with this upload chosen.
  const card = page.getByTestId('creator-upload').filter({ hasText: 'Garden take' });
  await expect(card.getByTestId('fallback-notice')).toContainText(RETRANSCRIBE_MESSAGES.fallbackTitle);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'fallback-notice-creator-card');
  await page.goto(`/dashboard/upload?upload=${upload.id}`);

  // A whisper.cpp model is placed where WHISPER_MODEL_PATH points: the better engine is there.
  await writeTestModel(MODEL);
  await page.reload();
  const button = notice.getByRole('button', { name: 'Re-transcribe Garden take' });
  await expect(button).toBeVisible({ timeout: 30_000 });
  await button.click();
  const dialog = page.getByRole('dialog', { name: RETRANSCRIBE_MESSAGES.confirmTitle });
  await expect(dialog).toContainText('whisper.cpp');
  await expect(dialog).toContainText('costs no processing minutes');
  await shot(page, 'fallback-notice-confirm');
  await dialog.getByRole('button', { name: RETRANSCRIBE_MESSAGES.confirm }).click();
  await expect(row.getByText(/Processing/)).toBeVisible();

  await expect.poll(async () => (await listed())?.status, { timeout: 240_000, message: app.output().slice(-3000) }).toBe('ready');
  expect(await listed()).toMatchObject({ transcription_engine: 'whisper.cpp', transcription_fallback: false });
  await page.reload();
  await expect(row.getByText('Ready')).toBeVisible();
  await expect(row.getByTestId('fallback-notice')).toHaveCount(0);
  await shot(page, 'fallback-notice-retranscribed');
});
