/**
 * Issue 9 journey, auto-publish to Spreaker: the real launcher with Spreaker pointed at the sandbox
 * (SpreakerSandbox, run in this process) and a feed with its audio on a local server. The creator has
 * Spreaker connected and imported the feed once; the show was then linked to a Spreaker show. On the
 * Import from RSS page the auto-publish checkbox appears (Spreaker connected), the import runs, the
 * result says publishing started, and the sandbox receives each episode once with its title and audio.
 * Then My Podcasts shows the show's import status and 'Recover from Spreaker' adds the episode made at
 * Spreaker that its feed no longer lists; Spreaker failing shows 'Recovery Failed'.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { RSS_IMPORT_MESSAGES } from '@ppp/contracts';
import { connectSpreakerAccount, type SpreakerSandbox } from '@ppp/server/test-support';
import { DESKTOP, type RunningApp, registerAndSignIn, shot } from './harness.ts';
import { expect } from './fixtures.ts';
import { startLocalFeed, type LocalFeed } from './local-feed.ts';
import { withSpreakerSandbox } from './spreaker-fixtures.ts';

/** The launcher talks to the Spreaker sandbox, started first in this worker. */
const test = withSpreakerSandbox({ IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
// One app for the file: its tests go on from what the earlier ones left.
test.describe.configure({ mode: 'serial' });

let app: RunningApp;
let feed: LocalFeed | undefined;
let feedOrigin = '';
let token = '';
let audioBytes = 0;
let sandbox: SpreakerSandbox;
let files = '';
const CREATOR = { email: 'spreaker-mover@example.com', password: 'correct horse battery' };
const TITLES = ['Lighthouse One', 'Lighthouse Two', 'Lighthouse Three'];

function feedXml(origin: string): string {
  const items = TITLES.map(
    (title, k) =>
      `<item><title>${title}</title><guid isPermaLink="false">lighthouse-${k + 1}</guid><pubDate>${new Date(Date.UTC(2024, 2, 1 + k, 9)).toUTCString()}</pubDate>` +
      `<description><![CDATA[<p>Notes of ${title}.</p>]]></description><enclosure url="${origin}/audio/${k + 1}.mp3" length="16000" type="audio/mpeg"/></item>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Lighthouse Tales</title>
<description>Stories from the coast.</description><language>en</language><itunes:author>Keeper</itunes:author>
${items}
</channel></rss>`;
}

async function api<T>(method: string, pathname: string, json?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${app.baseUrl}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}

/**
 * The Spreaker show 'Lighthouse Tales' is linked to: the feed imported once (before the show was on
 * Spreaker) and the link made on My Podcasts, through the REST paths, unless an earlier test did it.
 */
async function linkedSpreakerShow(): Promise<{ show_id: number }> {
  const linked = [...sandbox.shows.values()].find((s) => s.title === 'Lighthouse Tales');
  if (linked) return linked;
  const first = await api<{ import_id: string; podcast_id: string }>('POST', '/api/import/rss', {
    rss_url: `${feedOrigin}/lighthouse.rss`,
  });
  expect(first.status).toBe(200);
  await expect
    .poll(async () => (await api<{ status: string }>('GET', `/api/import/rss/${first.body.import_id}`)).body.status, { timeout: 60_000 })
    .toBe('done');
  const remote = sandbox.addShow('Lighthouse Tales');
  expect((await api('POST', `/api/podcasts/${first.body.podcast_id}/link-spreaker-show`, { show_id: remote.show_id })).status).toBe(200);
  return remote;
}

test.beforeAll(async ({ app: started, scratchDir, sandbox: spreaker }) => {
  app = started;
  files = scratchDir;
  sandbox = spreaker;
  feed = await startLocalFeed(files, feedXml, { feedPath: '/lighthouse.rss' });
  feedOrigin = feed.origin;
  audioBytes = statSync(path.join(files, 'tone.mp3')).size;

  token = await registerAndSignIn(app.baseUrl, CREATOR);

  // Spreaker connected through its OAuth popup's two calls (the sandbox accepts any code).
  const callback = await connectSpreakerAccount(app.baseUrl, token);
  expect(callback.status).toBe(200);
});

test.afterAll(async () => {
  await feed?.close();
});

test.describe('Import from RSS with auto-publish to Spreaker', () => {
  test('imports again into the show linked to Spreaker, says publishing started, and Spreaker gets each episode once', async ({
    openPage,
  }) => {
    const remote = await linkedSpreakerShow();

    const page = await openPage(DESKTOP, { token });
    await page.goto('/dashboard/import');
    await expect(page.getByText('RSS feed URL').first()).toBeVisible();
    const checkbox = page.getByRole('checkbox', { name: 'Publish the imported episodes to Spreaker' });
    await expect(checkbox).toBeVisible();
    await checkbox.check();
    await page.getByLabel('RSS feed URL').fill(`${feedOrigin}/lighthouse.rss`);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('You imported this feed before').first()).toBeVisible();
    await shot(page, 'rss-import-auto-publish-desktop');

    await page.getByRole('button', { name: 'Import 3 episodes' }).click();
    await expect(page.getByText(RSS_IMPORT_MESSAGES.importComplete).first()).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText('Publishing started').first()).toBeVisible();
    await expect(
      page.getByText('Publishing to Spreaker started: the imported episodes are being uploaded to your Spreaker show, one at a time.'),
    ).toBeVisible();
    await shot(page, 'rss-import-publishing-started-desktop', true);

    await expect.poll(() => sandbox.episodesOf(remote.show_id).length, { timeout: 60_000 }).toBe(3);
    const uploaded = sandbox.episodesOf(remote.show_id);
    expect(uploaded.map((e) => e.title).sort()).toEqual([...TITLES].sort());
    expect(uploaded.every((e) => e.media_bytes === audioBytes && !e.hidden)).toBe(true);
    await page.waitForTimeout(1500);
    expect(sandbox.uploadCount).toBe(3);
  });

  test('shows the import status on My Podcasts and recovers the Spreaker episode the feed left out; a failure says Recovery Failed', async ({
    openPage,
  }) => {
    const showId = (await linkedSpreakerShow()).show_id;
    // The feed's three episodes published to Spreaker by an import, as the test before leaves them.
    if (sandbox.episodesOf(showId).length === 0) {
      const again = await api<{ import_id: string }>('POST', '/api/import/rss', {
        rss_url: `${feedOrigin}/lighthouse.rss`,
        auto_publish_to_spreaker: true,
      });
      expect(again.status).toBe(200);
      await expect.poll(() => sandbox.episodesOf(showId).length, { timeout: 60_000 }).toBe(3);
    }
    // Made at Spreaker before the move, no longer in its RSS feed.
    sandbox.addEpisode(showId, {
      title: 'Lighthouse Zero',
      published_at: '2024-02-20 09:00:00',
      duration: 2000,
      download_url: `${feedOrigin}/audio/0.mp3`,
    });

    const page = await openPage(DESKTOP, { token });
    await page.goto('/dashboard/podcasts');
    const card = page.getByRole('article', { name: 'Lighthouse Tales' });
    await expect(card.getByText(RSS_IMPORT_MESSAGES.importStatus(3, 3))).toBeVisible();
    await card.getByRole('button', { name: RSS_IMPORT_MESSAGES.recoverAction }).click();
    await expect(page.getByText(RSS_IMPORT_MESSAGES.recovered(1)).first()).toBeVisible();
    await expect(card.getByText(RSS_IMPORT_MESSAGES.importStatus(4, 4))).toBeVisible();
    await shot(page, 'rss-import-recovered-desktop');
    await card.getByRole('button', { name: 'Episodes', exact: true }).click();
    await expect(card.getByText('Lighthouse Zero')).toBeVisible();
    // Its audio is copied here by the mirror job, as an imported episode's is.
    const zero = async () =>
      (await api<{ items: { title: string; playback_type: string | null }[] }>('GET', '/api/episodes/?limit=500&offset=0')).body.items.find(
        (e) => e.title === 'Lighthouse Zero',
      );
    await expect.poll(async () => (await zero())?.playback_type, { timeout: 60_000 }).toBe('local');

    // Spreaker answering with an error: the spec's 'Recovery Failed' with the reason, nothing added.
    sandbox.fake.on('GET', `/v2/shows/${showId}/episodes`, () => ({
      status: 503,
      body: { response: { error: { messages: ['Service unavailable'], code: 503 } } },
    }));
    await card.getByRole('button', { name: RSS_IMPORT_MESSAGES.recoverAction }).click();
    await expect(page.getByText(RSS_IMPORT_MESSAGES.recoveryFailed).first()).toBeVisible();
    await expect(page.getByText('Spreaker is not answering right now. Please try again later.')).toBeVisible();
    await shot(page, 'rss-import-recovery-failed-desktop');
    const list = await api<{ items: { title: string }[] }>('GET', '/api/episodes/?limit=500&offset=0');
    expect(list.body.items.filter((e) => e.title === 'Lighthouse Zero')).toHaveLength(1);
  });
});
