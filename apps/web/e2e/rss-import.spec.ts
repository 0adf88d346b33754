/**
 * Issue 9 journey against the real launcher (server, worker, embedded PostgreSQL) in Chromium: a feed
 * and its audio served by a local node:http server (reachable only because the launcher runs with
 * IMPORT_ALLOW_PRIVATE_HOSTS=127.0.0.1, as tests may), pasted on the Import from RSS page: the URL
 * check in the spec's words, the preview of the newest five, the import with progress, the
 * imported episodes listed, then found in Episode History playing from here, with the show's
 * podcast:guid kept in its feed; a malformed feed shows 'Import Failed' with the reason.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { RSS_IMPORT_MESSAGES } from '@ppp/contracts';
import { DESKTOP, PHONE, type RunningApp, registerAndSignIn, shot } from './harness.ts';
import { expect, test } from './fixtures.ts';
import { startLocalFeed, type LocalFeed } from './local-feed.ts';

test.use({ launcherEnv: { IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1' } });
// One app for the file: its tests go on from what the earlier ones left.
test.describe.configure({ mode: 'serial' });

let app: RunningApp;
let feed: LocalFeed | undefined;
let feedOrigin = '';
let token = '';
let files = '';
const CREATOR = { email: 'mover@example.com', password: 'correct horse battery' };
const TITLES = Array.from({ length: 7 }, (_, k) => `Chapter ${k + 1}: The Harbour Stories`);
const PODCAST_GUID = '2d1a5c8e-4f0b-5c7e-9a41-3b8f2e6d7c10';

function feedXml(origin: string): string {
  const items = TITLES.map(
    (title, k) =>
      `<item><title>${title}</title><guid isPermaLink="false">harbour-${k + 1}</guid><pubDate>${new Date(Date.UTC(2024, 0, 1 + k, 9)).toUTCString()}</pubDate>` +
      `<description><![CDATA[<p>Show notes of ${title}.</p>]]></description><itunes:duration>0:02</itunes:duration><itunes:episode>${k + 1}</itunes:episode>` +
      `<enclosure url="${origin}/audio/${k + 1}.mp3" length="16000" type="audio/mpeg"/></item>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
<channel><title>Harbour Stories</title><description>Tales from the old harbour.</description><language>en-gb</language>
<itunes:author>The Harbour Crew</itunes:author><itunes:category text="Fiction"><itunes:category text="Drama"/></itunes:category>
<itunes:image href="${origin}/cover.png"/><podcast:guid>${PODCAST_GUID}</podcast:guid>
${items}
</channel></rss>`;
}

test.beforeAll(async ({ app: started, scratchDir }) => {
  app = started;
  files = scratchDir;
  const png = path.join(files, 'cover.png');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=navy:s=256x256', '-frames:v', '1', png]);
  feed = await startLocalFeed(files, feedXml, { coverFile: png });
  feedOrigin = feed.origin;

  token = await registerAndSignIn(app.baseUrl, CREATOR);
});

test.afterAll(async () => {
  await feed?.close();
});

test.describe('Import from RSS journey', () => {
  test('pastes a feed URL, previews the newest five, imports with progress and finds the episodes in Episode History', async ({
    openPage,
  }) => {
    const page = await openPage(DESKTOP, { token: token });
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Import from RSS' }).first().click();
    await expect(page.getByText('RSS feed URL').first()).toBeVisible();

    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText(RSS_IMPORT_MESSAGES.urlRequired).first()).toBeVisible();

    await page.getByLabel('RSS feed URL').fill(`${feedOrigin}/broken.rss`);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText(RSS_IMPORT_MESSAGES.importFailed).first()).toBeVisible();
    await expect(page.getByText(/The feed is not well-formed XML/).first()).toBeVisible();
    await shot(page, 'rss-import-failed-desktop');

    await page.getByLabel('RSS feed URL').fill(`${feedOrigin}/harbour.rss`);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('Harbour Stories').first()).toBeVisible();
    const newest = page.getByRole('table', { name: 'Newest episodes' });
    await expect(newest.getByRole('row')).toHaveCount(5);
    expect(await newest.getByRole('row').allInnerTexts()).toEqual(
      [7, 6, 5, 4, 3].map((n) => expect.stringContaining(`Chapter ${n}: The Harbour Stories`)),
    );
    await expect(page.getByText('7 episodes in the feed')).toBeVisible();
    await expect(page.getByText('Fiction > Drama')).toBeVisible();
    await shot(page, 'rss-import-preview-desktop');

    await page.getByRole('button', { name: 'Import 7 episodes' }).click();
    await expect(page.getByText(RSS_IMPORT_MESSAGES.importComplete).first()).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText('7 episodes of “Harbour Stories” imported; 7 of 7 audio files copied here.')).toBeVisible();
    const imported = page.getByRole('table', { name: 'Imported episodes' });
    await expect(imported.getByRole('row')).toHaveCount(8);
    for (const title of TITLES) await expect(imported.getByText(title)).toBeVisible();
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
    await expect(page.getByTestId('episode-card')).toHaveCount(TITLES.length);
    for (const title of TITLES) await expect(page.getByTestId('episode-card').filter({ hasText: title })).toHaveCount(1);
    await page.getByText('List', { exact: true }).click();
    await expect(page.getByTestId('episode-row')).toHaveCount(TITLES.length);
    // Newest first by when each went out at the old host (they were all created here at once).
    expect(await page.getByTestId('episode-row').allInnerTexts()).toEqual(
      [...TITLES].reverse().map((title) => expect.stringContaining(title)),
    );
    await shot(page, 'rss-import-episode-history-desktop');
    const episodes = await fetch(`${app.baseUrl}/api/episodes/?limit=500&offset=0`, { headers: { authorization: `Bearer ${token}` } });
    const items = ((await episodes.json()) as { items: { title: string; playback_type: string | null }[] }).items;
    expect(items.filter((e) => TITLES.includes(e.title)).map((e) => e.playback_type)).toEqual(TITLES.map(() => 'local'));

    const phone = await openPage(PHONE, { token: token });
    await phone.goto('/dashboard/import');
    await expect(phone.getByText('RSS feed URL').first()).toBeVisible();
    await shot(phone, 'rss-import-phone');
  });
});
