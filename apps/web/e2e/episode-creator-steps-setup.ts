/**
 * What the Episode Creator steps journey shares (issue 7): a free creator whose tier allows the
 * journey's episodes, a show, a transcribed tone upload and a template, and the build resumed at
 * step 4 from the tab's sessionStorage; helpers for covers, stored files and scheduling.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { toneFile } from '@ppp/server/test-support';
import {
  CREATOR_STORAGE_KEY,
  initialCreatorState,
  serializeCreator,
  type CreatorState,
} from '../src/features/episode-creator/creator-state.ts';
import type { OpenPageOptions } from './fixtures.ts';
import { createShow, createTemplate } from './show-seeds.ts';
import { wallClock } from './wall-clock.ts';
import {
  DESKTOP,
  apiClient,
  putOwnAccountOnTier,
  registerAndSignIn,
  supplyTranscript,
  uploadToCategory,
  type RunningApp,
  type Viewport,
} from './harness.ts';

type OpenPage = (viewport: Viewport, options?: OpenPageOptions) => Promise<Page>;

/** The journey file's app, its creator's token and its scratch folder (set by setUpStepsJourney). */
export const journey = { app: undefined as unknown as RunningApp, token: '', files: '' };

export const CREATOR = { email: 'steps@example.com', password: 'correct horse battery' };
export const SECONDS = 12;
export const SENTENCE = 'today we talk about growing tomatoes on a small balcony and what the plants need in summer'.split(' ');
export let build: CreatorState;
export let podcastId = '';

export const api = apiClient(
  () => journey.app.baseUrl,
  () => journey.token,
);

/** SECONDS of a 330 Hz mono tone in the journey's scratch folder. */
export function toneTrack(name = 'content.wav'): string {
  return toneFile(journey.files, name, SECONDS, 330, ['-ac', '1']);
}

export function transcriptFile(): string {
  const words = Array.from({ length: SECONDS * 2 - 1 }, (_, i) => ({
    text: SENTENCE[i % SENTENCE.length]!,
    start: i * 0.5,
    end: i * 0.5 + 0.4,
  }));
  const dest = path.join(journey.files, 'content.json');
  writeFileSync(dest, JSON.stringify({ words }));
  return dest;
}

export function coverImage(): string {
  const dest = path.join(journey.files, 'balcony.png');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1600x900:rate=1', '-frames:v', '1', dest]);
  return dest;
}

export function imageSize(file: string): { width: number; height: number; codec: string } {
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
export function rowBrightness(file: string, y: number): number {
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

/** A page with the build resumed at a step (written once, so the wizard's own saves win afterwards). */
export async function wizardAt(openPage: OpenPage, viewport: Viewport, state: CreatorState): Promise<Page> {
  const page = await openPage(viewport, { token: journey.token });
  await page.context().addInitScript(
    ({ key, value }: { key: string; value: string }) => {
      if (!window.sessionStorage.getItem(key)) window.sessionStorage.setItem(key, value);
    },
    { key: CREATOR_STORAGE_KEY, value: serializeCreator(state) },
  );
  await page.goto('/dashboard/new-episode');
  return page;
}

/** The zone step 5 schedules in: not the browser's, and a day ahead of UTC for half of the day. */
export const SCHEDULE_ZONE = 'Pacific/Auckland';

/**
 * Step 5 with a schedule 20 minutes ahead (on the 5-minute grid) picked on Auckland's clock in the
 * time zone picker, assembled; resolves at the result.
 */
export async function scheduleEpisode(
  openPage: OpenPage,
  title: string,
  expectedNumber: string,
): Promise<{ page: Page; episodeId: string; at: Date; local: { date: string; time: string } }> {
  const page = await wizardAt(openPage, DESKTOP, { ...build, step: 5 });
  await expect(page.getByTestId('details-step')).toBeVisible();
  // Each assembled episode moves the suggested number on.
  await expect(page.getByLabel('Episode Number')).toHaveValue(expectedNumber);
  await page.getByLabel('Episode Title').fill(title);
  await page.getByLabel('Schedule', { exact: true }).check();
  const at = new Date(Math.ceil((Date.now() + 20 * 60_000) / 300_000) * 300_000);
  const local = wallClock(at, SCHEDULE_ZONE);
  await page.getByRole('combobox', { name: 'Time zone' }).fill(SCHEDULE_ZONE);
  await page.getByRole('option', { name: SCHEDULE_ZONE, exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue(SCHEDULE_ZONE);
  await page.getByLabel('Date', { exact: true }).fill(local.date);
  await page.getByLabel('Time', { exact: true }).fill(local.time);
  // The same moment on the creator's own clock (the browser's zone), under the fields.
  const ownZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(page.getByTestId('schedule-own-clock')).toContainText(wallClock(at, ownZone).time);
  await page.getByRole('button', { name: 'Assemble Episode' }).click();
  await expect(page.getByTestId('assembly-result')).toBeVisible({ timeout: 180_000 });
  const saved = JSON.parse((await page.evaluate((key) => window.sessionStorage.getItem(key), CREATOR_STORAGE_KEY))!) as CreatorState;
  return { page, episodeId: saved.job!.episodeId, at, local };
}

/** The stored original of a library item (users/{user}/media/{id}/original.*) under the launcher's storage folder. */
export function findStored(dir: string, mediaId: string): string {
  const hit = readdirSync(dir, { recursive: true, encoding: 'utf8' }).find(
    (entry) => path.basename(path.dirname(entry)) === mediaId && path.basename(entry).startsWith('original.'),
  );
  if (!hit) throw new Error(`the original of ${mediaId} is not under ${dir}`);
  return path.join(dir, hit);
}

export function showCover(): string {
  const dest = path.join(journey.files, 'show.png');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1400x1400:rate=1', '-frames:v', '1', dest]);
  return dest;
}

/** The creator, tier, show, upload and template, through the app's REST paths. */
export async function setUpStepsJourney(app: RunningApp, files: string): Promise<void> {
  journey.app = app;
  journey.files = files;
  journey.token = await registerAndSignIn(app.baseUrl, CREATOR);
  await putOwnAccountOnTier(app.baseUrl, journey.token, 'free');

  // The journey assembles more episodes than the free tier's monthly quota (the first account is the admin).
  const tiers = await api('PUT', '/api/admin/tiers', { features: [{ key: 'max_episodes_month', values: { free: 50 } }] });
  expect(tiers.status, JSON.stringify(tiers.body)).toBe(200);

  podcastId = await createShow(api, 'Balcony Garden', 'Growing food in small spaces.');

  const media = await uploadToCategory(api, 'main_content', toneTrack(), 'Tomatoes take');
  await supplyTranscript(api, media.id, transcriptFile(), () => journey.app.output().slice(-3000));

  // Auto fill with AI off: these builds fill step 5 by hand (the AI part has its own build below).
  const templateId = await createTemplate(api, podcastId, 'Garden talk', { ai_settings: { auto_fill_ai: false } });

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
}
