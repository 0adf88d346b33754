/**
 * Issue 3 journeys against the real launcher (server, worker, embedded PostgreSQL) in Chromium:
 * - a main-content file through the pre-upload screen: validation in the spec's words, the
 *   background upload with its 0-100% bar, Processing to Ready with Flubber/Intern/Sound Effects
 *   counts, the bell, the ready mail, and delete with the spec's confirmation;
 * - two music clips uploaded to the library, renamed, previewed (one plays at a time), bulk deleted;
 * - the Audio Improvements and Magic Words settings saved and read back.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MEDIA_MESSAGES } from '@ppp/contracts';
import {
  DESKTOP,
  PHONE,
  SCREENSHOT_DIR,
  launchChromium,
  startApp,
  type RunningApp,
  closeJourneyPages,
  openJourneyPage,
  type Viewport,
  registerAndSignIn,
} from './harness.ts';

let app: RunningApp;
let browser: Browser;
let token = '';
const files = mkdtempSync(path.join(tmpdir(), 'ppp-e2e-media-'));
const CREATOR = { email: 'host@example.com', password: 'correct horse battery' };

const newPage = (viewport: Viewport): Promise<Page> => openJourneyPage(browser, app.baseUrl, viewport, { token: token });

async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

/** Speech by espeak-ng and a word transcript for it with a Flubber marker and an Intern command. */
function episodeFiles(): { audio: string; transcript: string } {
  const audio = path.join(files, 'pilot.wav');
  execFileSync('espeak-ng', [
    '-w',
    audio,
    'Welcome to the pilot. flubber. Welcome to the pilot. intern what is a podcast stop. Thanks for listening.',
  ]);
  const text = 'welcome to the pilot flubber welcome to the pilot intern what is a podcast stop thanks for listening';
  const words = text.split(' ').map((word, i) => ({ text: word, start: i * 0.5, end: i * 0.5 + 0.4 }));
  const transcript = path.join(files, 'pilot.json');
  writeFileSync(transcript, JSON.stringify({ words }));
  return { audio, transcript };
}

function tone(name: string, seconds: number, frequency: number): string {
  const dest = path.join(files, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=${seconds}`, dest]);
  return dest;
}

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchChromium()]);
  token = await registerAndSignIn(app.baseUrl, CREATOR);
});

afterAll(async () => {
  await closeJourneyPages();
  await browser?.close().catch(() => undefined);
  await app?.stop();
  rmSync(files, { recursive: true, force: true });
});

describe('pre-upload journey', () => {
  it('uploads main content in the background and watches it become Ready with counts', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/dashboard/upload');
    await expect.poll(visible(page, MEDIA_MESSAGES.startChooserTitle), { timeout: 20_000 }).toBe(true);
    expect(await page.getByText(MEDIA_MESSAGES.emailWhenTranscribed).first().isVisible()).toBe(true);
    await shot(page, 'preupload-chooser-desktop');

    await page.getByRole('button', { name: 'Upload and use processed audio' }).click();
    await expect.poll(visible(page, MEDIA_MESSAGES.uploadForProcessingTitle), { timeout: 20_000 }).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Email me when it is ready' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Upload and return' }).click();
    await expect.poll(visible(page, MEDIA_MESSAGES.selectAudioFile), { timeout: 20_000 }).toBe(true);

    const { audio, transcript } = episodeFiles();
    const inputs = page.locator('input[type=file]');
    await inputs.nth(0).setInputFiles(audio);
    await page.getByLabel('Friendly name').fill('');
    await page.getByRole('button', { name: 'Upload and return' }).click();
    await expect.poll(visible(page, MEDIA_MESSAGES.enterFriendlyName), { timeout: 20_000 }).toBe(true);
    await page.getByLabel('Friendly name').fill('Pilot episode');
    await inputs.nth(1).setInputFiles(transcript);
    // Notifications go only to the account's own address (issue 14): the field shows it and cannot be changed.
    const notifyEmail = page.getByLabel('Notification email');
    expect(await notifyEmail.inputValue()).toBe(CREATOR.email);
    expect(await notifyEmail.getAttribute('readonly')).not.toBeNull();
    await shot(page, 'preupload-form-desktop');

    await page.getByRole('button', { name: 'Upload and return' }).click();
    await expect.poll(visible(page, MEDIA_MESSAGES.uploadingInBackground), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.url(), { timeout: 20_000 }).toBe(`${app.baseUrl}/dashboard`);
    const bar = page.getByRole('progressbar', { name: /Pilot episode/ });
    await expect.poll(() => bar.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(visible(page, 'Uploaded'), { timeout: 30_000 }).toBe(true);
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    await expect.poll(visible(page, MEDIA_MESSAGES.uploadReceived), { timeout: 20_000 }).toBe(true);
    await shot(page, 'dashboard-upload-done-desktop');

    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Upload Audio' }).click();
    const row = page.getByTestId('processed-upload').filter({ hasText: 'Pilot episode' });
    await expect.poll(() => row.getByText('Ready', { exact: true }).isVisible(), { timeout: 90_000 }).toBe(true);
    await expect.poll(() => row.getByTestId('upload-counts').textContent(), { timeout: 30_000 }).toBe('Flubber 1Intern 1Sound Effects 0');
    expect(await row.getByText('pilot.wav').isVisible()).toBe(true);
    await shot(page, 'preupload-ready-desktop');

    // The bell rings once for the ready upload; the mail went to the account's address.
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 40_000 }).toBe('Notifications, 1 unread');
    await bell.click();
    await expect.poll(visible(page, 'Upload ready'), { timeout: 20_000 }).toBe(true);
    await shot(page, 'notifications-desktop');
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notifications');
    await page.keyboard.press('Escape');
    const outbox = await fetch(`${app.baseUrl}/api/admin/mail/outbox?to=${encodeURIComponent(CREATOR.email)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await outbox.json()) as { subject: string }[]).map((m) => m.subject)).toEqual(['Your upload "Pilot episode" is ready']);

    const phone = await newPage(PHONE);
    await phone.goto('/dashboard/upload');
    await expect.poll(() => phone.getByTestId('processed-upload').first().isVisible(), { timeout: 20_000 }).toBe(true);
    await shot(phone, 'preupload-phone', true);

    await row.getByRole('button', { name: 'Delete Pilot episode' }).click();
    await expect.poll(visible(page, MEDIA_MESSAGES.confirmDeleteReady), { timeout: 20_000 }).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(visible(page, MEDIA_MESSAGES.uploadDeleted), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(0);
  });
});

describe('media library journey', () => {
  it('uploads two music clips, renames one, previews one at a time, and deletes both at once', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/dashboard/media');
    await expect.poll(() => page.getByRole('heading', { name: 'Media Uploads', level: 1 }).isVisible(), { timeout: 20_000 }).toBe(true);
    const commercials = page.getByRole('region', { name: 'Commercials' });
    expect(await commercials.getByText(MEDIA_MESSAGES.comingSoon).isVisible()).toBe(true);

    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles([tone('theme.mp3', 3, 440), tone('bed.wav', 4, 220)]);
    await page.getByLabel('Friendly name for theme.mp3').fill('Theme');
    await page.getByLabel('Friendly name for bed.wav').fill('Bed');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.poll(() => page.getByText('Uploaded').count(), { timeout: 30_000 }).toBe(2);
    const music = page.getByRole('region', { name: 'Music' });
    await expect.poll(() => music.getByTestId('media-item').count(), { timeout: 20_000 }).toBe(2);
    await shot(page, 'media-library-desktop', true);

    await music.getByRole('button', { name: 'Edit Theme' }).click();
    await music.getByLabel('Name').fill('Main theme');
    await music.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => music.getByText('Main theme').isVisible(), { timeout: 20_000 }).toBe(true);

    await music.getByRole('button', { name: 'Preview Main theme' }).click();
    await expect.poll(() => music.getByRole('button', { name: 'Pause Main theme' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await music.getByRole('button', { name: 'Preview Bed' }).click();
    await expect.poll(() => music.getByRole('button', { name: 'Pause Bed' }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await music.getByRole('button', { name: 'Preview Main theme' }).isVisible()).toBe(true);
    await music.getByRole('button', { name: 'Pause Bed' }).click();

    const phone = await newPage(PHONE);
    await phone.goto('/dashboard/media');
    await expect.poll(() => phone.getByTestId('media-item').count(), { timeout: 20_000 }).toBe(2);
    await shot(phone, 'media-library-phone', true);

    await music.getByRole('checkbox', { name: 'Select Main theme' }).check();
    await music.getByRole('checkbox', { name: 'Select Bed' }).check();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => music.getByTestId('media-item').count(), { timeout: 20_000 }).toBe(0);
    const library = await fetch(`${app.baseUrl}/api/media/`, { headers: { authorization: `Bearer ${token}` } });
    expect(await library.json()).toEqual([]);
  });
});

describe('a clip cut short in transit (issue 14)', () => {
  it('is listed with the length it plays and a note that its header claims more', async () => {
    const whole = tone('long-theme.mp3', 20, 330);
    const cut = path.join(files, 'cut-theme.mp3');
    copyFileSync(whole, cut);
    truncateSync(cut, Math.floor(statSync(whole).size / 3));
    const page = await newPage(DESKTOP);
    await page.goto('/dashboard/media');
    await expect.poll(() => page.getByRole('heading', { name: 'Media Uploads', level: 1 }).isVisible(), { timeout: 20_000 }).toBe(true);
    await page.locator('input[type=file]').first().setInputFiles([cut]);
    await page.getByLabel('Friendly name for cut-theme.mp3').fill('Cut theme');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const music = page.getByRole('region', { name: 'Music' });
    const warning = music.getByTestId('length-warning');
    await expect.poll(() => warning.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await warning.textContent()).toMatch(/^Possibly cut short: this file plays 0:0\d but its header says 0:20\. /);
    await shot(page, 'media-library-cut-short-desktop', true);
    const library = (await (await fetch(`${app.baseUrl}/api/media/`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      id: string;
    }[];
    for (const item of library) {
      await fetch(`${app.baseUrl}/api/media/${item.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    }
  });
});

describe('audio settings journey', () => {
  it('saves Audio Improvements and Magic Words and reads them back', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/dashboard/audio-settings');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Audio Improvements and Magic Words' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await page.getByLabel('Flubber trigger word').inputValue()).toBe('flubber');
    expect(await page.getByLabel('Longest pause kept (s)').inputValue()).toBe('1.8');
    await shot(page, 'audio-settings-desktop', true);
    await page.getByLabel('Longest pause kept (s)').fill('2.5');
    await page.getByLabel('Flubber trigger word').fill('oops');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(visible(page, 'Audio settings updated.'), { timeout: 20_000 }).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByLabel('Flubber trigger word').inputValue(), { timeout: 20_000 }).toBe('oops');
    expect(await page.getByLabel('Longest pause kept (s)').inputValue()).toBe('2.5');
    const phone = await newPage(PHONE);
    await phone.goto('/dashboard/audio-settings');
    await expect.poll(() => phone.getByLabel('Flubber trigger word').isVisible(), { timeout: 20_000 }).toBe(true);
    await shot(phone, 'audio-settings-phone');
  });
});
