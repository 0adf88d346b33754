/**
 * Episode Creator steps 4 to 6 (issue 7) against the real launcher in Chromium, with a build resumed
 * at step 4 from this tab's sessionStorage (a real template, show and transcribed upload):
 * - Cover Art: a 1600x900 image chosen, the crop square dragged and resized, the pad mode looked at,
 *   'Upload & Continue'; the stored cover is a JPEG of the crop's size;
 * - Episode Details & Scheduling: the suggested numbering, the field and schedule messages, AI Suggest
 *   for the description once the transcript is ready, the minutes panel and checklist, draft mode;
 *   a template with Auto fill with AI fills the empty title and tags (the typed description kept),
 *   and AI Suggest for tags offers chips that are added or dropped;
 * - Assembly: progress, then 'Draft Ready' with 'Episode saved as draft.' and a player that plays;
 *   an episode scheduled while the show is not ready for its feed ends 'Publish failed' with the
 *   host's reason, and once the show has its category and cover, 'Scheduled' with the time in UTC;
 *   one published now as Private ends 'Completed' and is published unpublished on the host;
 * - a render that fails (the intro's file gone from storage) shows the reason, Start over and Retry;
 *   once the file is back, Retry assembles the same episode (one episode, charged once);
 * - admin test mode defaults, the quota message and a blocking minutes check with the 'Not enough
 *   processing minutes' dialog, whose Buy Minutes sets the billing intent and opens billing.
 * Screenshots at 1280 and 390 px wide.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ASSEMBLY_MESSAGES, CREATOR_STEP_COPY, EPISODE_CREATOR_MESSAGES, EPISODE_CREATOR_SHELL, PODCAST_MESSAGES } from '@ppp/contracts';
import {
  CREATOR_STORAGE_KEY,
  initialCreatorState,
  serializeCreator,
  type CreatorState,
} from '../src/features/episode-creator/creator-state.ts';
import {
  DESKTOP,
  PHONE,
  SCREENSHOT_DIR,
  launchChromium,
  openJourneyPage,
  startApp,
  type RunningApp,
  type Viewport,
  putOwnAccountOnTier,
  registerAndSignIn,
  apiClient,
  uploadToCategory,
  supplyTranscript,
  endJourney,
} from './harness.ts';

let app: RunningApp;
let browser: Browser;
let token = '';
const files = mkdtempSync(path.join(tmpdir(), 'ppp-e2e-creator-steps-'));
const CREATOR = { email: 'steps@example.com', password: 'correct horse battery' };
const SECONDS = 12;
const SENTENCE = 'today we talk about growing tomatoes on a small balcony and what the plants need in summer'.split(' ');
let build: CreatorState;
let podcastId = '';

const api = apiClient(
  () => app.baseUrl,
  () => token,
);

function toneTrack(): string {
  const dest = path.join(files, 'content.wav');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:sample_rate=44100:duration=${SECONDS}`,
    '-ac',
    '1',
    dest,
  ]);
  return dest;
}

function transcriptFile(): string {
  const words = Array.from({ length: SECONDS * 2 - 1 }, (_, i) => ({
    text: SENTENCE[i % SENTENCE.length]!,
    start: i * 0.5,
    end: i * 0.5 + 0.4,
  }));
  const dest = path.join(files, 'content.json');
  writeFileSync(dest, JSON.stringify({ words }));
  return dest;
}

function coverImage(): string {
  const dest = path.join(files, 'balcony.png');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1600x900:rate=1', '-frames:v', '1', dest]);
  return dest;
}

function imageSize(file: string): { width: number; height: number; codec: string } {
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height,codec_name',
    '-of',
    'json',
    file,
  ]).toString();
  const stream = (JSON.parse(out) as { streams: { width: number; height: number; codec_name: string }[] }).streams[0]!;
  return { width: stream.width, height: stream.height, codec: stream.codec_name };
}

/** Mean brightness (0-255) of two pixel rows of an image from y. */
function rowBrightness(file: string, y: number): number {
  const raw = execFileSync('ffmpeg', [
    '-v',
    'error',
    '-i',
    file,
    '-vf',
    `format=gray,crop=iw:2:0:${y}`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    '-',
  ]);
  return raw.reduce((sum, v) => sum + v, 0) / raw.length;
}

async function shot(page: Page, name: string, fullPage = true) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/** A page with the build resumed at a step (written once, so the wizard's own saves win afterwards). */
async function wizardAt(viewport: Viewport, state: CreatorState): Promise<Page> {
  const page = await openJourneyPage(browser, app.baseUrl, viewport, { token });
  await page.context().addInitScript(
    ({ key, value }: { key: string; value: string }) => {
      if (!window.sessionStorage.getItem(key)) window.sessionStorage.setItem(key, value);
    },
    { key: CREATOR_STORAGE_KEY, value: serializeCreator(state) },
  );
  await page.goto('/dashboard/new-episode');
  return page;
}

/** Step 5 with a schedule 20 minutes ahead (on the 5-minute grid), assembled; resolves at the result. */
async function scheduleEpisode(title: string, expectedNumber: string): Promise<{ page: Page; episodeId: string; at: Date }> {
  const page = await wizardAt(DESKTOP, { ...build, step: 5 });
  await expect.poll(() => page.getByTestId('details-step').isVisible()).toBe(true);
  // Each assembled episode moves the suggested number on.
  await expect.poll(() => page.getByLabel('Episode Number').inputValue()).toBe(expectedNumber);
  await page.getByLabel('Episode Title').fill(title);
  await page.getByLabel('Schedule', { exact: true }).check();
  const at = new Date(Math.ceil((Date.now() + 20 * 60_000) / 300_000) * 300_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await page.getByLabel('Date').fill(`${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`);
  await page.getByLabel('Time').fill(`${pad(at.getHours())}:${pad(at.getMinutes())}`);
  await page.getByRole('button', { name: 'Assemble Episode' }).click();
  await expect.poll(() => page.getByTestId('assembly-result').isVisible(), { timeout: 180_000 }).toBe(true);
  const saved = JSON.parse((await page.evaluate((key) => window.sessionStorage.getItem(key), CREATOR_STORAGE_KEY))!) as CreatorState;
  return { page, episodeId: saved.job!.episodeId, at };
}

/** The stored original of a library item (users/{user}/media/{id}/original.*) under the launcher's storage folder. */
function findStored(dir: string, mediaId: string): string {
  const hit = readdirSync(dir, { recursive: true, encoding: 'utf8' }).find(
    (entry) => path.basename(path.dirname(entry)) === mediaId && path.basename(entry).startsWith('original.'),
  );
  if (!hit) throw new Error(`the original of ${mediaId} is not under ${dir}`);
  return path.join(dir, hit);
}

function showCover(): string {
  const dest = path.join(files, 'show.png');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1400x1400:rate=1', '-frames:v', '1', dest]);
  return dest;
}

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchChromium()]);
  token = await registerAndSignIn(app.baseUrl, CREATOR);
  await putOwnAccountOnTier(app.baseUrl, token, 'free');

  // The journey assembles more episodes than the free tier's monthly quota (the first account is the admin).
  const tiers = await api('PUT', '/api/admin/tiers', { features: [{ key: 'max_episodes_month', values: { free: 50 } }] });
  expect(tiers.status, JSON.stringify(tiers.body)).toBe(200);

  const show = new FormData();
  show.append('name', 'Balcony Garden');
  show.append('description', 'Growing food in small spaces.');
  const podcast = await api('POST', '/api/podcasts/', show);
  expect(podcast.status).toBe(201);
  podcastId = (podcast.body as { id: string }).id;

  const media = await uploadToCategory(api, 'main_content', toneTrack(), 'Tomatoes take');
  await supplyTranscript(api, media.id, transcriptFile(), () => app.output().slice(-3000));

  // Auto fill with AI off: these builds fill step 5 by hand (the AI part has its own build below).
  const template = await api('POST', '/api/templates/', {
    name: 'Garden talk',
    podcast_id: podcastId,
    segments: [{ id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } }],
    ai_settings: { auto_fill_ai: false },
  });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  const templateId = (template.body as { id: string }).id;

  build = {
    ...initialCreatorState(),
    started: true,
    step: 4,
    template: { id: templateId, name: 'Garden talk' },
    upload: {
      id: media.id,
      filename: media.filename,
      duration_seconds: SECONDS,
      transcript_ready: true,
      intents: { flubber: 0, intern: 0, sfx: 0 },
    },
  };
}, 400_000);

afterAll(() => endJourney(browser, app, files));

describe('Episode Creator steps 4-6', () => {
  it('crops and uploads a cover, fills the details, assembles a draft and plays it', async () => {
    const page = await wizardAt(DESKTOP, build);
    await expect.poll(() => page.getByTestId('cover-art-step').isVisible()).toBe(true);
    expect(await page.getByText('Recommended: square, at least 1400x1400, JPG or PNG.').isVisible()).toBe(true);
    await shot(page, 'creator-step4-empty-desktop');

    // Not an image: the spec's message, nothing changes.
    await page.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => page.getByText(EPISODE_CREATOR_MESSAGES.coverNotImage).isVisible()).toBe(true);

    await page.locator('input[type=file]').setInputFiles(coverImage());
    const square = page.getByTestId('cover-crop-square');
    await expect.poll(() => square.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Upload & Continue' }).isVisible()).toBe(true);
    // The largest square (900 px), then made smaller with the keyboard on the slider and dragged to the far left.
    const slider = page.getByRole('slider');
    expect(await slider.getAttribute('aria-valuemax')).toBe('900');
    expect(await slider.getAttribute('aria-valuemin')).toBe('10');
    await slider.focus();
    for (let i = 0; i < 100; i += 1) await page.keyboard.press('ArrowLeft');
    expect(await slider.getAttribute('aria-valuenow')).toBe('800');
    const box = (await square.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x - 400, box.y + box.height / 2 + 300, { steps: 10 });
    await page.mouse.up();
    await shot(page, 'creator-step4-crop-desktop');

    await page.getByText('Fit with white padding').click();
    await expect.poll(() => page.getByTestId('cover-pad-frame').isVisible()).toBe(true);
    await shot(page, 'creator-step4-pad-desktop');
    await page.getByText('Crop to square').click();

    const uploaded = page.waitForResponse((res) => res.url().includes('/trpc/mediaUploads.episodeCover') && res.status() < 300);
    await page.getByRole('button', { name: 'Upload & Continue' }).click();
    const answer = (await (await uploaded).json()) as { result: { data: { json: { filename: string } } } };
    const filename = answer.result.data.json.filename;
    await expect.poll(() => page.getByText(EPISODE_CREATOR_MESSAGES.coverSaved).first().isVisible()).toBe(true);
    // The stored cover: a JPEG of the crop's own size, cut at the left edge (x1 0, y1 within the image).
    const res = await fetch(`${app.baseUrl}/static/media/${filename}`);
    expect(res.status).toBe(200);
    const coverFile = path.join(files, 'stored-cover.jpg');
    writeFileSync(coverFile, Buffer.from(await res.arrayBuffer()));
    expect(imageSize(coverFile)).toEqual({ width: 800, height: 800, codec: 'mjpeg' });
    const saved = JSON.parse((await page.evaluate((key) => window.sessionStorage.getItem(key), CREATOR_STORAGE_KEY))!) as CreatorState;
    expect(saved.cover?.cover_crop).toBe('0,100,800,900');

    // Step 5: the show's numbering suggested (a new show: season 1, episode 1), the minutes checked.
    await expect.poll(() => page.getByTestId('details-step').isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Episode Number').inputValue()).toBe('1');
    expect(await page.getByLabel('Season Number').inputValue()).toBe('1');
    await expect.poll(() => page.getByTestId('minutes-check').getAttribute('data-state')).toBe('ok');
    await page.getByLabel('Episode Number').fill('');
    await page.getByRole('button', { name: 'Assemble Episode' }).click();
    await expect.poll(() => page.getByText(EPISODE_CREATOR_MESSAGES.titleRequired).isVisible()).toBe(true);
    expect(await page.getByText(EPISODE_CREATOR_MESSAGES.episodeNumberRequired).isVisible()).toBe(true);
    const suggestTitle = page.getByRole('button', { name: 'AI Suggest title' });
    await expect.poll(() => suggestTitle.isEnabled()).toBe(true);
    await suggestTitle.click();
    await expect.poll(() => page.getByLabel('Episode Title').inputValue(), { timeout: 30_000 }).not.toBe('');
    expect(await page.getByText(EPISODE_CREATOR_MESSAGES.titleRequired).count()).toBe(0);
    await page.getByLabel('Episode Title').fill('Tomatoes on a balcony');
    await page.getByLabel('Episode Number').fill('1');
    await page.getByLabel('Tags').fill('garden, tomatoes, balcony');

    // A schedule too soon, then none at all.
    await page.getByLabel('Schedule', { exact: true }).check();
    const soon = new Date(Date.now() + 5 * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await page.getByLabel('Date').fill(`${soon.getFullYear()}-${pad(soon.getMonth() + 1)}-${pad(soon.getDate())}`);
    await page.getByLabel('Time').fill(`${pad(soon.getHours())}:${pad(soon.getMinutes() - (soon.getMinutes() % 5))}`);
    await page.getByRole('button', { name: 'Assemble Episode' }).click();
    await expect.poll(() => page.getByTestId('schedule-error').textContent()).toBe(ASSEMBLY_MESSAGES.scheduleTooSoon);
    await page.getByLabel('Date').fill('');
    await expect.poll(() => page.getByTestId('schedule-error').textContent()).toBe(ASSEMBLY_MESSAGES.scheduleRequired);
    await shot(page, 'creator-step5-schedule-desktop');
    await page.getByLabel('Save as draft').check();

    // AI Suggest for the description once the transcript is ready.
    const suggest = page.getByRole('button', { name: 'AI Suggest description' });
    await expect.poll(() => suggest.isEnabled()).toBe(true);
    await suggest.click();
    await expect
      .poll(async () => (await page.getByLabel('Description', { exact: true }).inputValue()).length, { timeout: 30_000 })
      .toBeGreaterThan(10);
    const items = page.getByTestId('publishing-checklist').locator('li');
    // The show has no category or cover yet: the feed check the publish job applies says so here, before any render.
    await expect
      .poll(() => items.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-done'))))
      .toEqual(['true', 'true', 'true', 'true', 'true', 'false', 'true']);
    const feedCheck = page.getByTestId('feed-check');
    await expect.poll(() => feedCheck.getByText(PODCAST_MESSAGES.categoryRequired).isVisible()).toBe(true);
    expect(await feedCheck.getByRole('link', { name: 'Fix in Edit Podcast' }).first().getAttribute('href')).toBe(
      `/dashboard/podcasts?edit=${podcastId}`,
    );
    await shot(page, 'creator-step5-desktop');

    await page.getByRole('button', { name: 'Assemble Episode' }).click();
    await expect.poll(() => page.getByTestId('assembly-step').isVisible()).toBe(true);
    await shot(page, 'creator-step6-assembling-desktop', false);
    await expect.poll(() => page.getByTestId('assembly-result').isVisible(), { timeout: 180_000 }).toBe(true);
    expect(await page.getByRole('heading', { name: 'Draft Ready' }).isVisible()).toBe(true);
    expect(await page.getByText(EPISODE_CREATOR_MESSAGES.resultDraft).first().isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Tomatoes on a balcony' }).isVisible()).toBe(true);
    const audio = page.getByTestId('final-audio');
    await audio.evaluate((el: HTMLAudioElement) => el.play());
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.3);
    await audio.evaluate((el: HTMLAudioElement) => el.pause());
    await shot(page, 'creator-step6-result-desktop');
  });

  it('schedules episodes: Publish failed while the show is not ready for its feed, Scheduled once it is; publishes one now as Private', async () => {
    const refused = await scheduleEpisode('Tomatoes, refused', '2');
    await expect.poll(() => refused.page.getByRole('heading', { name: 'Draft Ready' }).isVisible(), { timeout: 30_000 }).toBe(true);
    const failure = (await api('GET', `/api/episodes/${refused.episodeId}/publish/status`)).body as { last_error: string };
    expect(failure.last_error).toBeTruthy();
    expect(await refused.page.getByRole('alert').filter({ hasText: EPISODE_CREATOR_MESSAGES.publishFailed }).textContent()).toContain(
      failure.last_error,
    );
    await shot(refused.page, 'creator-step6-publish-failed-desktop');

    const edit = new FormData();
    edit.append('name', 'Balcony Garden');
    edit.append('description', 'Growing food in small spaces.');
    edit.append('category_id', 'Education');
    edit.append('cover_image', new Blob([readFileSync(showCover())], { type: 'image/png' }), 'show.png');
    const updated = await api('PUT', `/api/podcasts/${podcastId}`, edit);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);

    const scheduled = await scheduleEpisode('Tomatoes, later', '3');
    expect(await scheduled.page.getByRole('heading', { name: 'Scheduled' }).isVisible()).toBe(true);
    expect(await scheduled.page.getByText(EPISODE_CREATOR_MESSAGES.resultScheduled).first().isVisible()).toBe(true);
    await expect
      .poll(() => scheduled.page.getByTestId('scheduled-for').textContent())
      .toContain(scheduled.at.toLocaleString('en-US', { timeStyle: 'short' }));
    // The host keeps it scheduled: no failure turns up while the result follows the publish status.
    await scheduled.page.waitForTimeout(5_000);
    expect(await scheduled.page.getByRole('heading', { name: 'Scheduled' }).isVisible()).toBe(true);
    const episode = (await api('GET', `/api/episodes/${scheduled.episodeId}`)).body as {
      publish_at: string;
      status: string;
      publish_error: string | null;
    };
    expect(episode.publish_error, JSON.stringify(episode)).toBeNull();
    expect(episode.status).toBe('scheduled');
    expect(new Date(episode.publish_at).getTime()).toBe(scheduled.at.getTime());
    await shot(scheduled.page, 'creator-step6-scheduled-desktop');
    await scheduled.page.setViewportSize(PHONE);
    await shot(scheduled.page, 'creator-step6-scheduled-phone');

    // Publish now, Private: 'Completed', published on the host as unpublished.
    const page = await wizardAt(DESKTOP, { ...build, step: 5 });
    await expect.poll(() => page.getByLabel('Episode Number').inputValue()).toBe('4');
    await page.getByLabel('Episode Title').fill('Tomatoes, now');
    await page.getByLabel('Publish now').check();
    await page.getByText('Private', { exact: true }).click();
    await page.getByRole('button', { name: 'Assemble Episode' }).click();
    await expect.poll(() => page.getByTestId('assembly-result').isVisible(), { timeout: 180_000 }).toBe(true);
    expect(await page.getByRole('heading', { name: 'Completed' }).isVisible()).toBe(true);
    expect(await page.getByText(EPISODE_CREATOR_MESSAGES.resultNow).first().isVisible()).toBe(true);
    const saved = JSON.parse((await page.evaluate((key) => window.sessionStorage.getItem(key), CREATOR_STORAGE_KEY))!) as CreatorState;
    await expect
      .poll(
        async () =>
          (await api('GET', `/api/episodes/${saved.job!.episodeId}/publish/status`)).body as { status: string; visibility: string },
        { timeout: 60_000 },
      )
      .toMatchObject({ status: 'published', visibility: 'unpublished' });
    expect(await page.getByRole('heading', { name: 'Completed' }).isVisible()).toBe(true);
  });

  it('pads a dropped cover on a phone: the whole image centred on white, the mode remembered', async () => {
    const page = await wizardAt(PHONE, build);
    await expect.poll(() => page.getByTestId('cover-art-step').isVisible()).toBe(true);
    // Dropped on the drop area rather than chosen.
    const dropped = await page.evaluateHandle((base64: string) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'dropped.png', { type: 'image/png' }));
      return transfer;
    }, readFileSync(coverImage()).toString('base64'));
    await page.getByTestId('cover-drop-area').dispatchEvent('drop', { dataTransfer: dropped });
    await expect.poll(() => page.getByTestId('cover-crop-square').isVisible()).toBe(true);
    await shot(page, 'creator-step4-crop-phone');
    await page.getByText('Fit with white padding').click();
    expect(await page.evaluate(() => window.localStorage.getItem('ppp.episodeCreator.coverMode'))).toBe('pad');
    await shot(page, 'creator-step4-pad-phone');

    const uploaded = page.waitForResponse((res) => res.url().includes('/trpc/mediaUploads.episodeCover') && res.status() < 300);
    await page.getByRole('button', { name: 'Upload & Continue' }).click();
    const answer = (await (await uploaded).json()) as { result: { data: { json: { filename: string } } } };
    const filename = answer.result.data.json.filename;
    const res = await fetch(`${app.baseUrl}/static/media/${filename}`);
    const coverFile = path.join(files, 'padded-cover.jpg');
    writeFileSync(coverFile, Buffer.from(await res.arrayBuffer()));
    // 1600x900 on a 1600 px square: white bands of 350 px above and below, the picture between.
    expect(imageSize(coverFile)).toEqual({ width: 1600, height: 1600, codec: 'mjpeg' });
    expect(rowBrightness(coverFile, 20)).toBeGreaterThan(250);
    expect(rowBrightness(coverFile, 1580)).toBeGreaterThan(250);
    expect(rowBrightness(coverFile, 800)).toBeLessThan(200);
    const saved = JSON.parse((await page.evaluate((key) => window.sessionStorage.getItem(key), CREATOR_STORAGE_KEY))!) as CreatorState;
    expect(saved.cover?.cover_crop).toBeNull();

    await expect.poll(() => page.getByTestId('details-step').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('minutes-check').getAttribute('data-state')).not.toBe('pending');
    await shot(page, 'creator-step5-phone');

    // Back on step 4 the saved cover shows, and a new file opens in the remembered pad mode.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(() => page.getByTestId('cover-saved-preview').isVisible()).toBe(true);
    await page.locator('input[type=file]').setInputFiles(coverImage());
    await expect.poll(() => page.getByTestId('cover-pad-frame').isVisible()).toBe(true);
  });

  it('shows a failed render with its reason and Retry, which assembles the same episode once the file is back, with no second charge', async () => {
    const intro = new FormData();
    intro.append('files', new Blob([readFileSync(toneTrack())]), 'jingle.wav');
    intro.append('friendly_names', JSON.stringify(['Jingle']));
    const stored = await api('POST', '/api/media/upload/intro', intro);
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    const jingle = (stored.body as { id: string; filename: string }[])[0]!;
    const template = await api('POST', '/api/templates/', {
      name: 'With a jingle',
      podcast_id: podcastId,
      segments: [
        { id: 'intro', segment_type: 'intro', source: { source_type: 'static', filename: jingle.filename } },
        { id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } },
      ],
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    // The jingle's file goes missing from storage (its library entry stays): the render cannot read it.
    const jingleFile = findStored(path.join(app.dataDir, 'storage'), jingle.id);
    renameSync(jingleFile, `${jingleFile}.away`);

    const page = await wizardAt(DESKTOP, {
      ...build,
      step: 5,
      template: { id: (template.body as { id: string }).id, name: 'With a jingle' },
    });
    await expect.poll(() => page.getByTestId('details-step').isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Episode Number').inputValue()).not.toBe('');
    await page.getByLabel('Episode Title').fill('With the jingle');
    await page.getByLabel('Save as draft').check();
    await page.getByRole('button', { name: 'Assemble Episode' }).click();
    const failure = page.getByTestId('assembly-error');
    await expect.poll(() => failure.isVisible(), { timeout: 180_000 }).toBe(true);
    expect(await failure.textContent()).toContain(ASSEMBLY_MESSAGES.renderFailed('one of its audio files could not be read'));
    expect(await failure.getByRole('button', { name: CREATOR_STEP_COPY.startOver }).isVisible()).toBe(true);
    // Cancel Build stays reachable on the assembly step.
    expect(await page.getByRole('button', { name: EPISODE_CREATOR_SHELL.cancelBuild }).isVisible()).toBe(true);
    await shot(page, 'creator-step6-error-desktop');
    const usage = async () => (await api('GET', '/api/billing/usage')).body as { minutes_used: number; episodes_used_this_month: number };
    const charged = await usage();
    // The poll stopped at the failure: no status read for 7 s.
    let reads = 0;
    page.on('request', (req) => {
      if (req.url().includes('assembly.episodeStatus')) reads += 1;
    });
    await page.waitForTimeout(7_000);
    expect(reads).toBe(0);

    renameSync(`${jingleFile}.away`, jingleFile);
    await failure.getByRole('button', { name: CREATOR_STEP_COPY.retry }).click();
    await expect.poll(() => page.getByTestId('assembly-result').isVisible(), { timeout: 180_000 }).toBe(true);
    expect(await page.getByRole('heading', { name: 'Draft Ready' }).isVisible()).toBe(true);
    await shot(page, 'creator-step6-retried-desktop');
    const episodes = (await api('GET', '/api/episodes/?limit=100')).body as { items: { title: string; status: string }[] };
    expect(episodes.items.filter((e) => e.title === 'With the jingle').map((e) => e.status)).toEqual(['processed']);
    expect(await usage()).toEqual(charged);

    // Start over: the same template and audio, a new build at step 2.
    await page.getByRole('button', { name: EPISODE_CREATOR_SHELL.cancelBuild }).click();
    await expect.poll(() => page.getByRole('dialog').getByText(CREATOR_STEP_COPY.cancelAssemblingConfirm).isVisible()).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: EPISODE_CREATOR_SHELL.cancelBuild }).click();
    await expect.poll(() => page.getByText(EPISODE_CREATOR_SHELL.startTitle).isVisible()).toBe(true);
  });

  it("fills title, description and tags with AI when the template says so, keeping the creator's words; tags are suggested as chips", async () => {
    const created = await api('POST', '/api/templates/', {
      name: 'Garden talk, auto filled',
      podcast_id: podcastId,
      segments: [{ id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } }],
      ai_settings: { auto_fill_ai: true, tags_always_include: ['balcony garden'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const own = 'My own notes about the balcony.';
    const page = await wizardAt(DESKTOP, {
      ...build,
      step: 5,
      template: { id: (created.body as { id: string }).id, name: 'Garden talk, auto filled' },
      details: {
        title: '',
        season: '',
        episodeNumber: '',
        explicit: false,
        description: own,
        tags: '',
        publishMode: 'draft',
        visibility: 'public',
        scheduleDate: '',
        scheduleTime: '',
      },
    });
    const notice = page.getByTestId('ai-autofill-notice');
    await expect.poll(() => notice.textContent(), { timeout: 60_000 }).toContain('Filled in the title and tags with AI');
    const title = await page.getByLabel('Episode Title').inputValue();
    expect(title.length).toBeGreaterThan(5);
    expect(title.toLowerCase()).toMatch(/tomato|balcony|plant|summer/);
    // What the creator had written stays; the template's always-include tag leads the AI's tags.
    expect(await page.getByLabel('Description', { exact: true }).inputValue()).toBe(own);
    const tags = (await page.getByLabel('Tags').inputValue()).split(',').map((t) => t.trim());
    expect(tags[0]).toBe('balcony garden');
    expect(tags.length).toBeGreaterThan(1);
    await shot(page, 'creator-step5-autofill-desktop');

    // AI Suggest for tags: nothing new once they are all in; cleared, the suggestions come back as chips.
    await page.getByLabel('Tags').fill('tomatoes');
    await page.getByRole('button', { name: 'AI Suggest tag list' }).click();
    const chips = page.getByTestId('tag-suggestions');
    await expect.poll(() => chips.isVisible(), { timeout: 30_000 }).toBe(true);
    const offered = await chips.getByRole('button', { name: /^Add tag / }).allTextContents();
    expect(offered.length).toBeGreaterThan(1);
    expect(offered.map((t) => t.toLowerCase())).not.toContain('tomatoes');
    for (const cue of ['flubber', 'intern', 'um', 'the']) expect(offered.map((t) => t.toLowerCase())).not.toContain(cue);
    await shot(page, 'creator-step5-tag-chips-desktop');
    const [first = '', second = ''] = offered;
    await chips.getByRole('button', { name: `Add tag ${first}` }).click();
    await expect.poll(() => page.getByLabel('Tags').inputValue()).toBe(`tomatoes, ${first}`);
    await chips.getByRole('button', { name: `Remove suggestion ${second}` }).click();
    await expect.poll(() => chips.getByRole('button', { name: `Add tag ${second}` }).count()).toBe(0);
    await chips.getByRole('button', { name: 'Add all' }).click();
    const all = await page.getByLabel('Tags').inputValue();
    expect(all.startsWith(`tomatoes, ${first}`)).toBe(true);
    expect(all).not.toContain(second);
    await expect.poll(() => chips.count()).toBe(0);
    await page.close();
  });

  it("opens an upload (the recorder's 'Create episode') as a new build over a build this tab left stuck on its assembly", async () => {
    const stuck: CreatorState = {
      ...build,
      step: 6,
      template: { id: '00000000-0000-4000-8000-000000000001', name: 'Old template' },
      job: { jobId: 'old-job', episodeId: '00000000-0000-4000-8000-000000000002' },
    };
    const page = await wizardAt(DESKTOP, stuck);
    await expect.poll(() => page.getByTestId('assembly-error').textContent()).toContain(CREATOR_STEP_COPY.buildLost);
    await shot(page, 'creator-step6-lost-desktop');
    await page.goto(`/dashboard/new-episode?upload=${build.upload!.id}`);
    const saved = async () =>
      JSON.parse((await page.evaluate((key) => window.sessionStorage.getItem(key), CREATOR_STORAGE_KEY)) ?? '{}') as Partial<CreatorState>;
    await expect.poll(async () => (await saved()).job?.jobId ?? null).toBeNull();
    expect((await saved()).upload?.id).toBe(build.upload!.id);
    await expect.poll(() => page.getByTestId('assembly-step').count()).toBe(0);
  });

  it('fills test-mode defaults, says the quota is used up, and blocks on minutes with the billing choices', async () => {
    expect((await api('PUT', '/api/admin/settings', { test_mode: true })).status).toBe(200);
    const tiers = await api('PUT', '/api/admin/tiers', {
      features: [
        { key: 'max_processing_minutes_month', values: { free: 0 } },
        { key: 'max_episodes_month', values: { free: 0 } },
      ],
    });
    expect(tiers.status, JSON.stringify(tiers.body)).toBe(200);
    const page = await wizardAt(DESKTOP, { ...build, step: 5 });
    await expect.poll(() => page.getByTestId('details-step').isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Episode Title').inputValue()).toMatch(/^Test - \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(await page.getByLabel('Save as draft').isChecked()).toBe(true);
    expect(await page.getByTestId('test-mode-badge').isVisible()).toBe(true);
    // Episodes 1 to 5 exist (the failed render kept its number).
    expect(await page.getByLabel('Episode Number').inputValue()).toBe('6');
    expect(await page.getByLabel('Season Number').inputValue()).toBe('1');
    await expect.poll(() => page.getByText(EPISODE_CREATOR_MESSAGES.quotaExceeded).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('minutes-check').getAttribute('data-state')).toBe('blocking');
    expect(await page.getByRole('button', { name: 'Assemble Episode' }).isDisabled()).toBe(true);
    await shot(page, 'creator-step5-blocked-desktop');

    await page.getByRole('button', { name: 'See options' }).click();
    const dialog = page.getByRole('dialog', { name: EPISODE_CREATOR_MESSAGES.notEnoughMinutesTitle });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByTestId('minutes-required').textContent()).toBe('1 minute');
    expect(await dialog.getByTestId('minutes-remaining').textContent()).toBe('0 minutes');
    await shot(page, 'creator-minutes-dialog-desktop', false);
    await page.setViewportSize(PHONE);
    await shot(page, 'creator-minutes-dialog-phone', false);
    await dialog.getByRole('button', { name: 'Buy Minutes' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard/billing');
    expect(await page.evaluate(() => window.localStorage.getItem('ppp.billing.intent'))).toBe('buy_minutes');
    // The workspace and the wizard both listen; one navigation happened, so Back returns to the wizard.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard/new-episode');
  });
});
