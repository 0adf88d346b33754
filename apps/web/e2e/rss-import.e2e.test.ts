/**
 * Issue 9 journey against the real launcher (server, worker, embedded PostgreSQL) in Chromium: a feed
 * and its audio served by a local node:http server (reachable only because the launcher runs with
 * IMPORT_ALLOW_PRIVATE_HOSTS=127.0.0.1, as tests may), pasted on the Import from RSS page: the URL
 * check in the spec's words, the preview of the newest five, the import with progress, the
 * imported episodes listed, then found in Episode History playing from here, with the show's
 * podcast:guid kept in its feed; a malformed feed shows 'Import Failed' with the reason.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { RSS_IMPORT_MESSAGES } from '@ppp/contracts';
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
let feedServer: http.Server;
let feedOrigin = '';
let token = '';
const files = mkdtempSync(path.join(tmpdir(), 'ppp-e2e-rss-'));
const CREATOR = { email: 'mover@example.com', password: 'correct horse battery' };
const TITLES = Array.from({ length: 7 }, (_, k) => `Chapter ${k + 1}: The Harbour Stories`);
const PODCAST_GUID = '2d1a5c8e-4f0b-5c7e-9a41-3b8f2e6d7c10';

function feedXml(): string {
  const items = TITLES.map(
    (title, k) =>
      `<item><title>${title}</title><guid isPermaLink="false">harbour-${k + 1}</guid><pubDate>${new Date(Date.UTC(2024, 0, 1 + k, 9)).toUTCString()}</pubDate>` +
      `<description><![CDATA[<p>Show notes of ${title}.</p>]]></description><itunes:duration>0:02</itunes:duration><itunes:episode>${k + 1}</itunes:episode>` +
      `<enclosure url="${feedOrigin}/audio/${k + 1}.mp3" length="16000" type="audio/mpeg"/></item>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
<channel><title>Harbour Stories</title><description>Tales from the old harbour.</description><language>en-gb</language>
<itunes:author>The Harbour Crew</itunes:author><itunes:category text="Fiction"><itunes:category text="Drama"/></itunes:category>
<itunes:image href="${feedOrigin}/cover.png"/><podcast:guid>${PODCAST_GUID}</podcast:guid>
${items}
</channel></rss>`;
}

const newPage = (viewport: Viewport): Promise<Page> => openJourneyPage(browser, app.baseUrl, viewport, { token: token });

async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

beforeAll(async () => {
  const mp3 = path.join(files, 'tone.mp3');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', mp3]);
  const png = path.join(files, 'cover.png');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=navy:s=256x256', '-frames:v', '1', png]);
  const audio = readFileSync(mp3);
  const cover = readFileSync(png);
  feedServer = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/harbour.rss') return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feedXml());
    if (url === '/broken.rss')
      return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end('<rss version="2.0"><channel><title>Oops</channel>');
    if (url === '/cover.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(cover);
    if (url.startsWith('/audio/')) return void res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(audio);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedOrigin = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;

  [app, browser] = await Promise.all([startApp({ IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1' }), launchChromium()]);
  token = await registerAndSignIn(app.baseUrl, CREATOR);
});

afterAll(async () => {
  await closeJourneyPages();
  await browser?.close().catch(() => undefined);
  await app?.stop();
  await new Promise<void>((resolve) => (feedServer ? feedServer.close(() => resolve()) : resolve()));
  rmSync(files, { recursive: true, force: true });
});

describe('Import from RSS journey', () => {
  it('pastes a feed URL, previews the newest five, imports with progress and finds the episodes in Episode History', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Import from RSS' }).first().click();
    await expect.poll(visible(page, 'RSS feed URL'), { timeout: 20_000 }).toBe(true);

    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(visible(page, RSS_IMPORT_MESSAGES.urlRequired)).toBe(true);

    await page.getByLabel('RSS feed URL').fill(`${feedOrigin}/broken.rss`);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(visible(page, RSS_IMPORT_MESSAGES.importFailed)).toBe(true);
    expect(
      await page
        .getByText(/The feed is not well-formed XML/)
        .first()
        .isVisible(),
    ).toBe(true);
    await shot(page, 'rss-import-failed-desktop');

    await page.getByLabel('RSS feed URL').fill(`${feedOrigin}/harbour.rss`);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(visible(page, 'Harbour Stories'), { timeout: 20_000 }).toBe(true);
    const newest = page.getByRole('table', { name: 'Newest episodes' });
    await expect.poll(async () => newest.getByRole('row').count()).toBe(5);
    expect(await newest.getByRole('row').allInnerTexts()).toEqual(
      [7, 6, 5, 4, 3].map((n) => expect.stringContaining(`Chapter ${n}: The Harbour Stories`)),
    );
    expect(await page.getByText('7 episodes in the feed').isVisible()).toBe(true);
    expect(await page.getByText('Fiction > Drama').isVisible()).toBe(true);
    await shot(page, 'rss-import-preview-desktop');

    await page.getByRole('button', { name: 'Import 7 episodes' }).click();
    await expect.poll(visible(page, RSS_IMPORT_MESSAGES.importComplete), { timeout: 90_000 }).toBe(true);
    expect(await page.getByText('7 episodes of “Harbour Stories” imported; 7 of 7 audio files copied here.').isVisible()).toBe(true);
    const imported = page.getByRole('table', { name: 'Imported episodes' });
    await expect.poll(async () => imported.getByRole('row').count()).toBe(8);
    for (const title of TITLES) expect(await imported.getByText(title).isVisible()).toBe(true);
    await shot(page, 'rss-import-done-desktop', true);

    // The show keeps the feed's podcast:guid, and its feed here carries it (a later move keeps subscribers).
    const shows = await fetch(`${app.baseUrl}/api/podcasts/`, { headers: { authorization: `Bearer ${token}` } });
    expect(shows.status).toBe(200);
    const list = (await shows.json()) as { id: string; name: string; podcast_guid: string }[];
    const show = list.find((s) => s.name === 'Harbour Stories');
    expect(show?.podcast_guid).toBe(PODCAST_GUID);
    const feed = await (await fetch(`${app.baseUrl}/feeds/${show?.id}.xml`)).text();
    expect(feed).toContain(`<podcast:guid>${PODCAST_GUID}</podcast:guid>`);

    // Episode History lists every imported episode, playing from this host.
    await page.getByRole('link', { name: 'Episodes' }).first().click();
    await expect.poll(() => page.getByTestId('episode-card').count(), { timeout: 20_000 }).toBe(TITLES.length);
    for (const title of TITLES) expect(await page.getByTestId('episode-card').filter({ hasText: title }).count()).toBe(1);
    await page.getByText('List', { exact: true }).click();
    await expect.poll(() => page.getByTestId('episode-row').count()).toBe(TITLES.length);
    // Newest first by when each went out at the old host (they were all created here at once).
    expect(await page.getByTestId('episode-row').allInnerTexts()).toEqual(
      [...TITLES].reverse().map((title) => expect.stringContaining(title)),
    );
    await shot(page, 'rss-import-episode-history-desktop');
    const episodes = await fetch(`${app.baseUrl}/api/episodes/?limit=500&offset=0`, { headers: { authorization: `Bearer ${token}` } });
    const items = ((await episodes.json()) as { items: { title: string; playback_type: string | null }[] }).items;
    expect(items.filter((e) => TITLES.includes(e.title)).map((e) => e.playback_type)).toEqual(TITLES.map(() => 'local'));

    const phone = await newPage(PHONE);
    await phone.goto('/dashboard/import');
    await expect.poll(visible(phone, 'RSS feed URL'), { timeout: 20_000 }).toBe(true);
    await shot(phone, 'rss-import-phone');
  });
});
