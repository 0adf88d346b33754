/**
 * Issue 6 journey against the real launcher (server, worker, embedded PostgreSQL) in Chromium:
 * create a show in the setup wizard (cover art included), complete it in Edit Podcast, publish an
 * assembled episode now, open the show's feed URL and find the episode in it with a working
 * enclosure; the distribution checklist, the schedule dialog and the delete confirmation on the way.
 * Assembly is another issue's work, so the assembled episode is seeded as the assembly job leaves it:
 * an ffmpeg-made MP3 stored through the storage port and an episode row with status processed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ONBOARDING, PODCAST_MESSAGES, PUBLISH_MESSAGES } from '@ppp/contracts';
import { openOrm } from '@ppp/server/db';
import { LocalStorage } from '@ppp/server/domain';
import { seedAssembledEpisode } from '@ppp/server/test-support';
import {
  DESKTOP,
  PHONE,
  SCREENSHOT_DIR,
  freePort,
  launchChromium,
  startApp,
  type RunningApp,
  closeJourneyPages,
  openJourneyPage,
  type Viewport,
  registerAndSignIn,
  launcherDatabaseUrl,
} from './harness.ts';

let app: RunningApp;
let browser: Browser;
let token = '';
let pgPort = 0;
const files = mkdtempSync(path.join(tmpdir(), 'ppp-e2e-podcasts-'));
const storageDir = mkdtempSync(path.join(tmpdir(), 'ppp-e2e-podcasts-storage-'));
const CREATOR = { email: 'publisher@example.com', password: 'correct horse battery' };
const SHOW = 'Harbour Lights Weekly';
const EPISODE = 'Pilot: the lighthouse keeper';

const newPage = (viewport: Viewport): Promise<Page> =>
  openJourneyPage(browser, app.baseUrl, viewport, { token, storage: { [ONBOARDING.storage.fullPage]: '0' } });

async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/** expect.poll with room for a busy machine (its default gives up after one second). */
const eventually = <T>(read: () => T | Promise<T>, options: { timeout?: number } = {}) =>
  expect.poll(read, { timeout: 20_000, ...options });

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

async function api<T>(pathname: string): Promise<T> {
  const res = await fetch(`${app.baseUrl}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as T;
}

/** The assembled episode, as the assembly job leaves it, in the launcher's own database and storage. */
async function seedEpisode(podcastId: string): Promise<string> {
  const me = await api<{ id: string }>('/api/users/me');
  const orm = await openOrm(await launcherDatabaseUrl(app, pgPort), { poolMax: 2 });
  try {
    const episode = await seedAssembledEpisode(
      orm,
      new LocalStorage(storageDir),
      files,
      { userId: me.id, podcastId },
      { title: EPISODE, seconds: 6 },
    );
    return episode.id;
  } finally {
    await orm.close();
  }
}

beforeAll(async () => {
  pgPort = await freePort();
  [app, browser] = await Promise.all([startApp({ EMBEDDED_PG_PORT: String(pgPort), STORAGE_DIR: storageDir }), launchChromium()]);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=0x1d3557:s=1400x1400',
    '-frames:v',
    '1',
    path.join(files, 'cover.png'),
  ]);
  token = await registerAndSignIn(app.baseUrl, CREATOR);
});

afterAll(async () => {
  await closeJourneyPages();
  await browser?.close().catch(() => undefined);
  await app?.stop();
  rmSync(files, { recursive: true, force: true });
  rmSync(storageDir, { recursive: true, force: true });
});

describe('My Podcasts journey', () => {
  it('creates a show, publishes an assembled episode now, and finds it in the show’s feed', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'My Podcasts' }).first().click();
    await eventually(visible(page, 'No shows yet')).toBe(true);
    await shot(page, 'podcasts-empty-desktop');

    // The setup wizard (the full-page onboarding flag is off here): Welcome, About your show (the name rule in the spec's words), Cover art, Connect hosting, All set.
    await page.getByRole('button', { name: 'New show' }).click();
    await eventually(visible(page, 'Let’s set up your show')).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Show name').fill('abc');
    await page.getByRole('button', { name: 'Continue' }).click();
    await eventually(visible(page, PODCAST_MESSAGES.nameMin)).toBe(true);
    await page.getByLabel('Show name').fill(SHOW);
    await page.getByLabel('Description').fill('Stories from the harbour, every week.');
    // The primary category the feed check asks for is asked here, so the first publish is not refused for it.
    await page.getByRole('button', { name: 'Continue' }).click();
    await eventually(visible(page, PODCAST_MESSAGES.categoryRequired)).toBe(true);
    await page.getByRole('dialog').getByLabel('Primary category').click();
    await page.getByRole('option', { name: 'History', exact: true }).click();
    await page.getByRole('dialog').getByLabel('Author').fill('Harbour Crew');
    await shot(page, 'podcasts-wizard-about-desktop');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('input[type="file"]').setInputFiles(path.join(files, 'cover.png'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await eventually(visible(page, 'Where should episodes be hosted?')).toBe(true);
    await shot(page, 'podcasts-wizard-hosting-desktop');
    await page.getByRole('button', { name: 'Continue' }).click();
    if (
      await page
        .getByText('ElevenLabs API key')
        .first()
        .isVisible()
        .catch(() => false)
    )
      await page.getByRole('button', { name: 'Continue' }).click();
    await eventually(visible(page, `“${SHOW}” is ready.`)).toBe(true);
    await page.getByRole('button', { name: 'Finish' }).click();

    const card = page.getByRole('article', { name: SHOW });
    await eventually(() => card.isVisible()).toBe(true);
    await eventually(() => card.getByText('Built-in host').isVisible()).toBe(true);

    // Edit Podcast: the primary category and the owner's email the publish check and directories need.
    await card.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Podcast' });
    await dialog.getByLabel('Primary category', { exact: true }).click();
    await page.getByRole('option', { name: 'Technology', exact: true }).click();
    await dialog.getByLabel('Owner name').fill('Ada Harbour');
    await dialog.getByLabel('Owner email').fill('ada@example.com');
    await shot(page, 'podcasts-edit-desktop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await eventually(() => dialog.isVisible()).toBe(false);

    const [show] = await api<{ id: string; rss_url: string; category_id: string | null }[]>('/api/podcasts/');
    expect(show?.category_id).toBe('Technology');
    await seedEpisode(show!.id);

    // Publish now from the show's episode list; the dialog polls the status until it settles.
    await card.getByRole('button', { name: 'Episodes' }).click();
    await eventually(() => card.getByText(EPISODE).isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Schedule' }).click();
    const publishDialog = page.getByRole('dialog', { name: `Publish “${EPISODE}”` });
    await eventually(() => publishDialog.getByLabel('Publish at').isVisible()).toBe(true);
    await publishDialog.getByLabel('Publish at').fill('2020-01-01T10:00');
    await eventually(() => publishDialog.getByText(PUBLISH_MESSAGES.scheduleLead).isVisible()).toBe(true);
    await shot(page, 'podcasts-schedule-desktop');
    await publishDialog.getByText('Publish now').click();
    await publishDialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await eventually(() => publishDialog.isVisible(), { timeout: 20_000 }).toBe(false);
    await eventually(
      async () =>
        (await api<{ status: string; last_error: string | null }[]>(`/api/podcasts/${show!.id}/episodes`)).map(
          (e) => e.last_error ?? e.status,
        ),
      { timeout: 30_000 },
    ).toEqual(['published']);
    await page.reload();
    await card.getByRole('button', { name: 'Episodes' }).click();
    await eventually(() => card.getByText('published', { exact: true }).isVisible()).toBe(true);
    await shot(page, 'podcasts-published-desktop');

    // The feed URL on the card opens the public feed, and the episode is in it with a working enclosure.
    const feedUrl = await card.getByRole('link', { name: 'RSS feed' }).getAttribute('href');
    expect(feedUrl).toBe(show!.rss_url);
    const feed = await page.request.get(feedUrl!.replace(/^http:\/\/localhost:\d+/, app.baseUrl));
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = await feed.text();
    expect(xml).toContain(`<title>${EPISODE}</title>`);
    expect(xml).toContain(`<title>${SHOW}</title>`);
    const enclosure = /<enclosure url="([^"]+)" length="(\d+)" type="audio\/mpeg"\/>/.exec(xml);
    expect(enclosure).not.toBeNull();
    const audio = await page.request.get(enclosure![1]!.replace(/^http:\/\/localhost:\d+/, app.baseUrl), {
      headers: { range: 'bytes=0-99' },
    });
    expect(audio.status()).toBe(206);
    expect((await audio.body()).length).toBe(100);
    expect(audio.headers()['content-range']).toBe(`bytes 0-99/${enclosure![2]}`);
  });

  it('shows the distribution checklist and asks for the word delete before deleting', async () => {
    const page = await newPage(PHONE);
    await page.goto('/dashboard/podcasts');
    const card = page.getByRole('article', { name: SHOW });
    await eventually(() => card.isVisible()).toBe(true);
    await shot(page, 'podcasts-phone', true);
    await card.getByRole('button', { name: 'Distribution' }).click();
    const checklist = page.getByRole('dialog', { name: /Distribution checklist/ });
    await eventually(() => checklist.getByText('Apple Podcasts').first().isVisible()).toBe(true);
    await checklist.getByLabel('Apple Podcasts status').click();
    await page.getByRole('option', { name: 'In progress' }).click();
    await eventually(
      async () =>
        (
          await api<{ items: { key: string; status: string }[] }>(
            `/api/podcasts/${(await api<{ id: string }[]>('/api/podcasts/'))[0]!.id}/distribution/checklist`,
          )
        ).items.find((i) => i.key === 'apple_podcasts')?.status,
    ).toBe('in_progress');
    await shot(page, 'podcasts-checklist-phone');
    await page.keyboard.press('Escape');

    await card.getByRole('button', { name: `More actions for ${SHOW}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete show' });
    const button = confirm.getByRole('button', { name: 'Delete show' });
    expect(await button.isDisabled()).toBe(true);
    await confirm.getByLabel('Confirmation').fill('delete');
    await shot(page, 'podcasts-delete-phone');
    await button.click();
    await eventually(visible(page, 'No shows yet')).toBe(true);
  });
});
