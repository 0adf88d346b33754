/**
 * The Recorder (spec 002 §2.10) in Chromium with its fake microphone (a steady tone), against the real
 * launcher: the 5 s microphone check with a moving meter, a short take stopped under 30 s asks and is
 * discarded, a ~33 s take with one pause and resume is previewed, named, saved over tus as main content
 * with the recorded length, transcribed, and 'Create episode' opens the wizard with it; another creator
 * sees none of it.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { EPISODE_CREATOR_SHELL, RECORDER_MESSAGES, type TMediaItem } from '@ppp/contracts';
import { CREATOR_STORAGE_KEY, type CreatorState } from '../src/features/episode-creator/creator-state.ts';
import {
  DESKTOP,
  PHONE,
  apiClient,
  launchChromium,
  registerAndSignIn,
  registerConfirmedAccount,
  shot,
  uploadToCategory,
  type RunningApp,
} from './harness.ts';
import { expect } from './fixtures.ts';
import { withFakeMicrophone } from './microphone-fixtures.ts';

/** Chromium's fake microphone plays a steady tone (microphone-fixtures.ts). */
const test = withFakeMicrophone();
// One app for the file; each test makes what it needs, so any one runs alone (`-g`).

let app: RunningApp;
let token = '';
const CREATOR = { email: 'recorder@example.com', password: 'correct horse battery' };
const TAKE = 'Browser take';
const OTHER_TAKE = 'Morning take';

async function api(method: string, url: string, auth = token): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${app.baseUrl}${url}`, { method, headers: { authorization: `Bearer ${auth}` } });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

const creatorApi = apiClient(
  () => app.baseUrl,
  () => token,
);

/** Both sizes of the same screen: the page is resized to a phone and back. */
async function shots(page: Page, name: string) {
  await shot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await shot(page, `${name}-phone`, true);
  await page.setViewportSize(DESKTOP);
}

const card = (page: Page) => page.getByTestId('recorder-card');
const timerSeconds = async (page: Page): Promise<number> => {
  const [m, s] = ((await page.getByTestId('recorder-timer').textContent()) ?? '0:00').split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
};

async function mainContent(auth = token): Promise<TMediaItem[]> {
  const res = await api('GET', '/api/media/main-content', auth);
  expect(res.status).toBe(200);
  return res.body as TMediaItem[];
}

test.beforeAll(async ({ app: started }) => {
  app = started;
  token = await registerAndSignIn(app.baseUrl, CREATOR);
});

test.describe('Recorder', () => {
  let mediaId = '';

  test('checks the microphone, and a take stopped under 30 s asks and is discarded', async ({ openPage }) => {
    const page = await openPage(DESKTOP, { token });
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Record' }).click();
    await expect(page).toHaveURL(`${app.baseUrl}/dashboard/record`);
    await expect(page.getByTestId('breadcrumb-view')).toHaveText('Record');
    await expect(card(page)).toHaveAttribute('data-state', 'idle');
    await shots(page, 'recorder-idle');

    await page.getByRole('button', { name: 'Check microphone' }).click();
    await expect(card(page)).toHaveAttribute('data-state', 'micCheck');
    // The meter moves during the 5 s check: the fake device plays a steady tone, and the meter reads
    // the loudest moment since its last reading from a running AudioContext.
    const meter = page.getByRole('progressbar', { name: 'Microphone level' });
    await expect(meter).toBeVisible();
    await expect.poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 5_000 }).toBeGreaterThan(0);
    await shot(page, 'recorder-mic-check-desktop');
    await expect(page.getByText('Microphone check complete')).toBeVisible();
    await expect(card(page)).toHaveAttribute('data-state', 'idle');

    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect(card(page)).toHaveAttribute('data-state', 'countdown');
    await expect(page.getByTestId('recorder-countdown')).toHaveText(/^[123]$/);
    await expect(card(page)).toHaveAttribute('data-state', 'recording');
    await page.waitForTimeout(3_000);
    await page.getByRole('button', { name: 'Stop' }).click();
    const dialog = page.getByRole('dialog', { name: RECORDER_MESSAGES.tooShortTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(RECORDER_MESSAGES.tooShortBody)).toBeVisible();
    await shot(page, 'recorder-too-short-desktop');
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expect(card(page)).toHaveAttribute('data-state', 'idle');
    await expect(page.getByText(RECORDER_MESSAGES.discarded)).toBeVisible();
    expect(await mainContent()).toEqual([]);
  });

  test('records ~33 s with a pause, previews, saves as main content of that length, and opens the wizard with it', async ({ openPage }) => {
    const page = await openPage(DESKTOP, { token });
    await page.goto('/dashboard/record');
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect(card(page)).toHaveAttribute('data-state', 'recording');
    await expect.poll(() => timerSeconds(page)).toBeGreaterThanOrEqual(12);
    await shots(page, 'recorder-recording');

    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(card(page)).toHaveAttribute('data-state', 'paused');
    const pausedAt = await timerSeconds(page);
    await page.waitForTimeout(2_500);
    expect(await timerSeconds(page)).toBe(pausedAt);
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(card(page)).toHaveAttribute('data-state', 'resuming');
    await expect(page.getByText('Resuming in')).toBeVisible();
    await expect(card(page)).toHaveAttribute('data-state', 'recording');
    await expect.poll(() => timerSeconds(page)).toBeGreaterThanOrEqual(33);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(card(page)).toHaveAttribute('data-state', 'stopped');
    const recorded = await timerSeconds(page);

    // The preview is the recording itself, and it plays.
    const preview = page.getByTestId('recording-preview');
    await expect(preview).toBeVisible();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    // The recorder's WebM states no length; the player learns it, so it can show and seek it.
    await expect.poll(() => preview.evaluate((el: HTMLAudioElement) => el.duration), { timeout: 10_000 }).toBeLessThan(recorded + 2);
    expect(await preview.evaluate((el: HTMLAudioElement) => el.duration)).toBeGreaterThan(recorded - 2);
    await preview.evaluate((el: HTMLAudioElement) => el.play());
    await expect.poll(() => preview.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
    await preview.evaluate((el: HTMLAudioElement) => el.pause());
    await shots(page, 'recorder-stopped');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(RECORDER_MESSAGES.nameRequired)).toBeVisible();
    await page.getByLabel('Friendly name').fill(TAKE);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(RECORDER_MESSAGES.savedQueued)).toBeVisible();
    await shot(page, 'recorder-saved-desktop');

    const [item] = (await mainContent()).filter((m) => m.friendly_name === TAKE);
    expect(item).toBeDefined();
    mediaId = item!.id;
    expect(item!.category).toBe('main_content');
    expect(item!.filename).toMatch(/recording-\d{4}-\d{2}-\d{2}-\d{4}\.webm$/);
    expect(Math.abs((item!.duration_seconds ?? 0) - recorded)).toBeLessThanOrEqual(2);

    await expect(page.getByText(RECORDER_MESSAGES.transcriptReady)).toBeVisible({ timeout: 180_000 });
    expect(((await api('GET', `/api/ai/transcript-ready?hint=${mediaId}`)).body as { ready: boolean }).ready).toBe(true);
    await shot(page, 'recorder-ready-desktop');

    await page.getByRole('button', { name: 'Create episode' }).click();
    await expect.poll(() => page.url()).toContain('/dashboard/new-episode');
    await expect
      .poll(async () => {
        const saved = await page.evaluate((key) => window.sessionStorage.getItem(key), CREATOR_STORAGE_KEY);
        return (JSON.parse(saved ?? '{}') as Partial<CreatorState>).upload?.id ?? null;
      })
      .toBe(mediaId);
    await expect.poll(() => page.url()).not.toContain('upload=');
  });

  test('opens from the Episode Creator start chooser', async ({ openPage }) => {
    const page = await openPage(PHONE, { token });
    await page.goto('/dashboard/new-episode');
    await expect(page.getByText(EPISODE_CREATOR_SHELL.startTitle)).toBeVisible();
    await page.getByRole('link', { name: EPISODE_CREATOR_SHELL.recordNow }).click();
    await expect(page).toHaveURL(`${app.baseUrl}/dashboard/record`);
    await expect(card(page)).toHaveAttribute('data-state', 'idle');
  });

  test('says when the microphone is blocked or missing, and when the browser cannot record', async () => {
    const open = async (flags: readonly string[]): Promise<{ browser: Browser; page: Page }> => {
      const plain = await launchChromium(flags);
      const context = await plain.newContext({ baseURL: app.baseUrl, viewport: PHONE });
      await context.addInitScript((auth: string) => {
        window.localStorage.setItem('ppp.onboarding.completed', '1');
        window.localStorage.setItem('authToken', auth);
      }, token);
      const page = await context.newPage();
      await page.goto('/dashboard/record');
      return { browser: plain, page };
    };
    // A microphone is there, but this site may not use it (nobody grants the permission).
    const denied = await open(['--use-fake-device-for-media-stream']);
    try {
      await denied.page.getByRole('button', { name: 'Check microphone' }).click();
      await expect(denied.page.getByRole('alert')).toHaveText(RECORDER_MESSAGES.micBlocked);
      await expect(card(denied.page)).toHaveAttribute('data-state', 'idle');
    } finally {
      await denied.browser.close();
    }
    // Headless with no sound card at all: no microphone.
    const bare = await open([]);
    try {
      await bare.page.getByRole('button', { name: 'Start recording' }).click();
      await expect(bare.page.getByRole('alert')).toHaveText(RECORDER_MESSAGES.noMicrophone);
      await expect(card(bare.page)).toHaveAttribute('data-state', 'idle');
      await shot(bare.page, 'recorder-no-microphone-phone', true);
      // A browser without MediaRecorder.
      await bare.page.context().addInitScript(() => Reflect.deleteProperty(window, 'MediaRecorder'));
      await bare.page.reload();
      await expect(bare.page.getByRole('alert')).toHaveText('Recording not supported in this browser.');
      await expect(bare.page.getByRole('button', { name: 'Start recording' })).toBeDisabled();
    } finally {
      await bare.browser.close();
    }
  });

  test("shows another creator nothing of the creator's recordings", async ({ openPage, scratchDir }) => {
    // A take of the creator's own, as the recorder saves it (WebM/Opus, main content), made here so the test runs alone.
    const webm = path.join(scratchDir, 'recording-2026-01-01-0900.webm');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-c:a', 'libopus', webm]);
    const take = await uploadToCategory(creatorApi, 'main_content', webm, OTHER_TAKE);
    const mine = await openPage(DESKTOP, { token });
    await mine.goto('/dashboard/upload');
    await expect(mine.getByTestId('processed-upload').filter({ hasText: OTHER_TAKE })).toBeVisible();

    // A later account starts inactive: confirmed with the code the outbox holds and approved by the first account, the admin.
    const otherToken = await registerConfirmedAccount(
      app.baseUrl,
      { email: 'other-recorder@example.com', password: 'another horse battery' },
      token,
    );
    expect(await mainContent(otherToken)).toEqual([]);
    expect((await api('GET', `/api/ai/transcript-ready?hint=${take.id}`, otherToken)).status).toBe(404);
    const page = await openPage(DESKTOP, { token: otherToken });
    await page.goto('/dashboard/upload');
    await expect(page.getByText(/^No uploads yet\./)).toBeVisible();
    await expect(page.getByTestId('processed-upload')).toHaveCount(0);
    await expect(page.getByText(OTHER_TAKE)).toHaveCount(0);
  });
});
