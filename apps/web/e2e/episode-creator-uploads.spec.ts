/**
 * The Episode Creator (issue 7) on a phone and with uploads made in the wizard: the start chooser and
 * steps 1-3 laid out at phone size, an upload chosen from the Upload Audio page, one wizard upload
 * cancelled ('Upload cancelled', nothing kept) and another uploaded and deleted, Cancel Build, and
 * another creator seeing none of it. The setup is episode-creator-setup.ts's. Uploads are transcribed
 * by the OpenAI transcription stand-in, which the wizard journey holds so that step 5's wait for the
 * transcript is seen on every run.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CREATOR_STEP_COPY, EPISODE_CREATOR_MESSAGES, EPISODE_CREATOR_SHELL, MEDIA_MESSAGES } from '@ppp/contracts';
import { startTranscriptionStandIn, transcriptionEnv, type TranscriptionStandIn } from '@ppp/server/test-support';
import { CREATOR_STORAGE_KEY, initialCreatorState, type CreatorState } from '../src/features/episode-creator/creator-state.ts';
import { expect, test as journeyTest } from './fixtures.ts';
import { DESKTOP, PHONE, registerConfirmedAccount } from './harness.ts';
import {
  api,
  tone,
  shot,
  templateId,
  mediaId,
  quietId,
  journey,
  CONTENT_SECONDS,
  creatorPage,
  setUpCreatorJourney,
} from './episode-creator-setup.ts';

/** The uploads this tab's tus client keeps for resuming (localStorage 'tus::{fingerprint}::{n}'): their addresses. */
const resumableUploads = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    Object.keys(window.localStorage)
      .filter((key) => key.startsWith('tus::'))
      .map((key) => (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { uploadUrl?: string }).uploadUrl ?? ''),
  );

/** What the app's tus endpoint answers a HEAD of an upload's address with, as the journey's creator. */
async function tusStatus(uploadUrl: string): Promise<number> {
  const res = await fetch(new URL(uploadUrl, journey.app.baseUrl), {
    method: 'HEAD',
    headers: { authorization: `Bearer ${journey.token}`, 'tus-resumable': '1.0.0' },
  });
  return res.status;
}

/** The launcher's only transcription engine is the stand-in, started first in this worker. */
const test = journeyTest.extend<object, { transcription: TranscriptionStandIn }>({
  transcription: [
    async ({}, use) => {
      const standIn = await startTranscriptionStandIn();
      await use(standIn);
      await standIn.close();
    },
    { scope: 'worker' },
  ],
  launcherEnv: [async ({ transcription }, use) => use(transcriptionEnv(transcription)), { scope: 'worker' }],
});
// One app for the file: its tests go on from what the earlier ones left.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ app, scratchDir }) => {
  // Real uploads, transcripts and voice samples on a loaded machine.
  test.setTimeout(400_000);
  await setUpCreatorJourney(app, scratchDir);
});

test.describe('Episode Creator', () => {
  test('lays the start chooser and steps 1-3 out on a phone', async ({ openPage }) => {
    const start = await creatorPage(openPage, PHONE);
    await start.goto('/dashboard/new-episode');
    await expect(start.getByText(EPISODE_CREATOR_SHELL.startTitle)).toBeVisible();
    await shot(start, 'creator-journey-start-phone');
    await start.getByRole('button', { name: EPISODE_CREATOR_SHELL.useProcessed }).click();
    await expect(start.getByTestId('template-card')).toHaveCount(2);
    await shot(start, 'creator-journey-step1-phone');

    const upload = {
      id: mediaId,
      filename: 'Speech take',
      duration_seconds: CONTENT_SECONDS,
      transcript_ready: true,
      intents: { flubber: 1, intern: 1, sfx: 0 },
    };
    const atStep2: CreatorState = {
      ...initialCreatorState(),
      started: true,
      step: 2,
      template: { id: templateId, name: 'Speech weekly' },
      upload,
    };
    const step2 = await creatorPage(openPage, PHONE, atStep2);
    await step2.goto('/dashboard/new-episode');
    await expect(step2.getByTestId('creator-upload')).toHaveCount(2);
    await shot(step2, 'creator-journey-step2-phone');
    await step2.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(step2.getByTestId('intent-flubber')).toBeVisible();
    await shot(step2, 'creator-journey-intents-phone', false);

    const step3 = await creatorPage(openPage, PHONE, { ...atStep2, step: 3, answers: { flubber: 'no', intern: 'no', sfx: 'no' } });
    await step3.goto('/dashboard/new-episode');
    await expect(step3.getByTestId('segment-card')).toHaveCount(3);
    await shot(step3, 'creator-journey-step3-phone');
    await step3.getByRole('button', { name: EPISODE_CREATOR_SHELL.segmentTips }).click();
    await expect(step3.getByRole('dialog')).toBeVisible();
    await shot(step3, 'creator-journey-tips-phone', false);

    // Flubber 'yes' on an upload without a retake: 'No retakes detected', the fuzzy slider, Retry, Skip to step 3.
    const quietUpload = {
      id: quietId,
      filename: 'Quiet take',
      duration_seconds: 4,
      transcript_ready: true,
      intents: { flubber: 0, intern: 0, sfx: 0 },
    };
    const scanning: CreatorState = {
      ...atStep2,
      upload: quietUpload,
      answers: { flubber: 'yes', intern: 'no', sfx: 'no' },
      review: 'flubber',
    };
    const none = await creatorPage(openPage, PHONE, scanning);
    await none.goto('/dashboard/new-episode');
    await expect(none.getByText(EPISODE_CREATOR_MESSAGES.noRetakes)).toBeVisible({ timeout: 30_000 });
    const slider = none.getByRole('slider', { name: 'Fuzzy threshold' });
    expect(await slider.getAttribute('aria-valuenow')).toBe('0.8');
    await slider.focus();
    await none.keyboard.press('ArrowLeft');
    await expect(slider).toHaveAttribute('aria-valuenow', '0.75');
    await shot(none, 'creator-journey-no-retakes-phone', false);
    await none.getByRole('button', { name: 'Retry' }).click();
    await expect(none.getByText(EPISODE_CREATOR_MESSAGES.noRetakes)).toBeVisible({ timeout: 30_000 });
    await none.getByRole('button', { name: 'Skip' }).click();
    await expect(none.getByRole('heading', { name: EPISODE_CREATOR_SHELL.stepTitles[2] })).toBeVisible();

    // An unknown step.
    const invalid = await creatorPage(openPage, PHONE, { ...atStep2, step: 9 });
    await invalid.goto('/dashboard/new-episode');
    await expect(invalid.getByText(EPISODE_CREATOR_MESSAGES.invalidStep)).toBeVisible();
  });

  test('opens with an upload chosen from the Upload Audio page, cancels one upload, uploads and deletes another, and Cancel Build clears the build', async ({
    openPage,
    transcription,
  }) => {
    const page = await creatorPage(openPage, DESKTOP);
    await page.goto('/dashboard/upload');
    await page
      .getByTestId('processed-upload')
      .filter({ hasText: 'Speech take' })
      .getByRole('link', { name: EPISODE_CREATOR_SHELL.useInNewEpisode })
      .click();
    await expect(page.getByTestId('template-card')).toHaveCount(2);
    await page.getByRole('button', { name: 'Use template Just the talk' }).click();
    await expect(page.getByRole('button', { name: 'Use Speech take' })).toHaveAttribute('aria-pressed', 'true');

    // Standard mode: a file that is not audio is refused; a WAV goes up over tus, Processing until its transcript is in, then Ready.
    await page.getByRole('button', { name: EPISODE_CREATOR_SHELL.uploadAudio }).click();
    await expect(page.getByRole('heading', { name: EPISODE_CREATOR_SHELL.stepTitles[1] })).toBeVisible();
    const input = page.getByLabel('Audio file');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not audio') });
    await expect(page.getByText(EPISODE_CREATOR_MESSAGES.selectAudio)).toBeVisible();
    await shot(page, 'creator-journey-upload-desktop');

    // Cancel upload: an upload on a slow line is stopped, says 'Upload cancelled', and leaves nothing behind.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 128 * 1024,
    });
    await input.setInputFiles(tone('long-take.wav', 60, 220));
    await expect(page.getByTestId('upload-percent')).toBeVisible();
    // Created on the server, its chunk on the slow line: the tab keeps the upload's address for resuming.
    await expect.poll(() => resumableUploads(page), { message: 'the upload created on the server' }).toHaveLength(1);
    const [cancelledUrl = ''] = await resumableUploads(page);
    await page.getByRole('button', { name: 'Cancel upload' }).click();
    await expect(page.getByText(MEDIA_MESSAGES.uploadCancelled)).toBeVisible();
    await expect(page.getByTestId('upload-percent')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel upload' })).toHaveCount(0);
    await shot(page, 'creator-journey-upload-cancelled-desktop');
    // Terminated: the tab forgets the upload once the server has answered its DELETE, and the server has none of it.
    await expect.poll(() => resumableUploads(page), { message: 'the cancelled upload forgotten', timeout: 30_000 }).toEqual([]);
    expect(await tusStatus(cancelledUrl)).toBe(404);
    expect(existsSync(path.join(journey.app.storageDir, 'tus', cancelledUrl.split('/').pop() ?? ''))).toBe(false);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // Its transcription is held at the engine until step 5 has shown that it waits for it.
    const transcriptionsBefore = transcription.requests;
    transcription.hold();
    await input.setInputFiles(tone('second-take.wav', 6, 330));
    await expect(page.getByTestId('upload-cancelled')).toHaveCount(0);
    await expect(page.getByTestId('chosen-upload')).toContainText('Processing', { timeout: 30_000 });
    // The next upload, started after the cancelled one, is in the library; the cancelled one never arrives.
    const library = async () =>
      ((await api('GET', '/api/media/main-content')).body as { friendly_name: string }[]).map((m) => m.friendly_name);
    await expect.poll(library, { message: 'the library after the second upload' }).toContain('second-take');
    expect(await library()).not.toContain('long-take');
    // Stored is enough to go on (issue 18): Continue while it is transcribed; only step 5 waits.
    const next = page.getByRole('button', { name: 'Continue', exact: true });
    await expect(next).toBeEnabled({ timeout: 20_000 });
    await expect(page.getByTestId('transcribing-note')).toHaveText(CREATOR_STEP_COPY.transcribingContinue);
    await next.click();
    // Nothing detected yet: every available question is asked. Retakes yes, the rest no.
    await expect(page.getByText(EPISODE_CREATOR_SHELL.intentsTitle)).toBeVisible();
    const intents = page.getByRole('dialog');
    await intents.getByTestId('intent-flubber').getByText('Yes').click();
    for (const key of ['intern', 'sfx']) {
      if ((await intents.getByTestId(`intent-${key}`).count()) > 0)
        await intents.getByTestId(`intent-${key}`).getByText('No', { exact: true }).click();
    }
    await intents.getByRole('button', { name: 'Continue' }).click();
    // The questions' dialog (with its own Continue) is gone before step 3's Continue is pressed.
    await expect(intents).toHaveCount(0);
    await expect(page.getByTestId('transcript-pending')).toContainText(CREATOR_STEP_COPY.reviewsWaiting);
    await expect(page.getByText('Step 3 of 6')).toBeVisible();
    await shot(page, 'creator-journey-step3-transcribing-desktop');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('button', { name: 'Skip', exact: true }).click();
    // Step 5 waits for the transcript: Assemble Episode is off while the engine holds it.
    await expect(page.getByTestId('transcript-waiting')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Assemble Episode' })).toBeDisabled();
    await shot(page, 'creator-journey-step5-transcript-waiting-desktop');
    await expect
      .poll(() => transcription.requests, { message: 'the wizard upload reaching the engine', timeout: 120_000 })
      .toBe(transcriptionsBefore + 1);
    await expect(page.getByTestId('transcript-waiting')).toBeVisible();
    transcription.release([
      { word: 'hello', start: 0.5, end: 0.9 },
      { word: 'again', start: 1, end: 1.4 },
    ]);
    // The transcript is in: the retake review asked for opens over step 5 (here it finds none), then Assemble is on.
    await expect(page.getByText(EPISODE_CREATOR_MESSAGES.noRetakes).first()).toBeVisible({ timeout: 40_000 });
    await page.getByRole('dialog').getByRole('button', { name: 'Skip', exact: true }).click();
    await expect(page.getByTestId('transcript-waiting')).toHaveCount(0, { timeout: 20_000 });
    // This show has no category or cover: Publish now is held back (issue 37); a draft can be assembled.
    await page.getByLabel('Save as draft').check();
    await expect(page.getByRole('button', { name: 'Assemble Episode' })).toBeEnabled();
    await expect(page.getByText('Step 5 of 6')).toBeVisible();
    for (const step of [4, 3, 2]) {
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await expect(page.getByText(`Step ${step} of 6`)).toBeVisible();
    }
    await expect(page.getByTestId('chosen-upload')).toContainText('Ready', { timeout: 30_000 });
    await expect(next).toBeEnabled({ timeout: 20_000 });

    // Back in Choose Audio it is selected; deleting it asks first, then clears the choice.
    await page.getByRole('button', { name: 'Choose a processed upload instead' }).click();
    await expect(page.getByRole('button', { name: 'Use second-take' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Delete second-take' }).click();
    await expect(page.getByText(EPISODE_CREATOR_MESSAGES.deleteReadyConfirm)).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(EPISODE_CREATOR_MESSAGES.uploadDeleted).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use second-take' })).toHaveCount(0);
    await expect(next).toBeDisabled();

    await page.getByRole('button', { name: EPISODE_CREATOR_SHELL.cancelBuild }).click();
    await page.getByRole('dialog').getByRole('button', { name: EPISODE_CREATOR_SHELL.cancelBuild }).click();
    await expect(page.getByText(EPISODE_CREATOR_SHELL.startTitle)).toBeVisible();
  });

  test("shows another creator none of these templates or uploads, even with this upload's id in the address", async ({ openPage }) => {
    const other = { email: 'other-creator@example.com', password: 'another horse battery' };
    // A second account starts inactive: confirmed with the code the outbox holds (the first account is the admin).
    const otherToken = await registerConfirmedAccount(journey.app.baseUrl, other, journey.token);
    const page = await openPage(DESKTOP, { token: otherToken });
    await page.goto(`/dashboard/new-episode?upload=${mediaId}`);
    await expect(page.getByText(EPISODE_CREATOR_SHELL.startTitle)).toBeVisible();
    await expect.poll(() => page.url()).not.toContain('upload=');
    await page.getByRole('button', { name: EPISODE_CREATOR_SHELL.useProcessed }).click();
    await expect(page.getByText('No active templates')).toBeVisible();
    await expect(page.getByTestId('template-card')).toHaveCount(0);
    const saved = await page.evaluate((key) => window.sessionStorage.getItem(key), CREATOR_STORAGE_KEY);
    expect((JSON.parse(saved ?? '{}') as CreatorState).upload).toBeNull();
  });
});
