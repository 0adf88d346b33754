/**
 * Issue 8 journeys against the real launcher (server, worker, embedded PostgreSQL) in Chromium:
 * - two episodes assembled through the real path (upload, supplied transcript, template, assemble);
 * - Episode History: grid, mosaic and list, search, the edit panel (Save disabled until a change, the
 *   duplicate season/episode banner);
 * - the manual editor: one cut dragged out on the waveform and set by typing, one added at a typed
 *   time, Delete removing the last region, zoom, Commit; the worker's re-render is shorter by the
 *   cuts (within 50 ms) and the cut tones are gone from it;
 * - the dashboard's figures, with screenshots at desktop and phone sizes.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { EPISODE_MESSAGES } from '@ppp/contracts';
import { DESKTOP, PHONE, type RunningApp, registerAndSignIn, apiClient, uploadToCategory, supplyTranscript, shot } from './harness.ts';
import { expect, test } from './fixtures.ts';
import { createShow, createTemplate } from './show-seeds.ts';

test.use({ launcherEnv: {} });

let app: RunningApp;
let token = '';
let files = '';
const CREATOR = { email: 'editor@example.com', password: 'correct horse battery' };
const SECONDS = 16;
/** 440 Hz throughout, except 1000 Hz at 4-6 s and 1500 Hz at 10-12 s: the two stretches the journey cuts. */
const MARKED = [
  { from: 4, to: 6, hz: 1000 },
  { from: 10, to: 12, hz: 1500 },
];

const api = apiClient(
  () => app.baseUrl,
  () => token,
);

function toneTrack(): string {
  const dest = path.join(files, 'content.wav');
  const expr = `sin(2*PI*if(between(t,4,6),1000,if(between(t,10,12),1500,440))*t)*0.5`;
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc='${expr}':s=44100:d=${SECONDS}`, '-ac', '1', dest]);
  return dest;
}

/** A word every half second (no pause long enough to compress, no filler), and a retake marker said at 14 s. */
function transcriptFile(): string {
  const words = Array.from({ length: SECONDS * 2 - 1 }, (_, i) => ({
    text: i === 28 ? 'flubber' : `tone${i}`,
    start: i * 0.5,
    end: i * 0.5 + 0.4,
  }));
  const dest = path.join(files, 'content.json');
  writeFileSync(dest, JSON.stringify({ words }));
  return dest;
}

/** Mono 8 kHz samples of a file, decoded by ffmpeg. */
function samples(file: string): Int16Array {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-ac', '1', '-ar', '8000', '-f', 's16le', 'pipe:1'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return new Int16Array(raw.buffer, raw.byteOffset, Math.floor(raw.length / 2));
}

/** Goertzel power of one frequency over a window. */
function power(data: Int16Array, start: number, length: number, hz: number): number {
  const k = 2 * Math.cos((2 * Math.PI * hz) / 8000);
  let [s1, s2] = [0, 0];
  for (let i = start; i < start + length; i++) {
    const s = (data[i] ?? 0) + k * s1 - s2;
    s2 = s1;
    s1 = s;
  }
  return s1 * s1 + s2 * s2 - k * s1 * s2;
}

/** How many 100 ms windows are dominated by each marked tone. */
function markedWindows(file: string): Record<number, number> {
  const data = samples(file);
  const counts: Record<number, number> = { 1000: 0, 1500: 0 };
  for (let at = 0; at + 800 <= data.length; at += 800) {
    const base = power(data, at, 800, 440);
    for (const { hz } of MARKED) if (power(data, at, 800, hz) > base * 4) counts[hz] = (counts[hz] ?? 0) + 1;
  }
  return counts;
}

function durationMs(file: string): number {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString();
  return Math.round(Number(out.trim()) * 1000);
}

async function download(url: string, name: string): Promise<string> {
  const res = await fetch(`${app.baseUrl}${url}`);
  expect(res.status).toBe(200);
  const dest = path.join(files, name);
  writeFileSync(dest, Buffer.from(await res.arrayBuffer()));
  return dest;
}

interface EpisodeJson {
  id: string;
  title: string;
  description: string;
  status: string;
  duration_ms: number | null;
  playback_url: string | null;
  editable: boolean;
}

async function episode(id: string): Promise<EpisodeJson> {
  return (await api('GET', `/api/episodes/${id}`)).body as EpisodeJson;
}

async function assembled(templateId: string, mediaId: string, title: string, episodeNumber: number): Promise<EpisodeJson> {
  const res = await api('POST', '/api/episodes/assemble', {
    template_id: templateId,
    media_id: mediaId,
    episode_details: { title, description: `About ${title}`, episodeNumber },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const id = (res.body as { episode_id: string }).episode_id;
  let last = await episode(id);
  await expect
    .poll(async () => (last = await episode(id)).status, { timeout: 180_000, message: `episode ${title}` })
    .toMatch(/^(processed|error)$/);
  return last;
}

let first: EpisodeJson;
let second: EpisodeJson;

test.beforeAll(async ({ app: started, scratchDir }) => {
  // Two real assemblies on a loaded machine.
  test.setTimeout(400_000);
  app = started;
  files = scratchDir;
  token = await registerAndSignIn(app.baseUrl, CREATOR);

  const podcastId = await createShow(api, 'Tone Talk', 'A show about tones.');

  const media = await uploadToCategory(api, 'main_content', toneTrack(), 'Tone take');
  await supplyTranscript(api, media.id, transcriptFile(), () => app.output().slice(-3000));

  const templateId = await createTemplate(api, podcastId, 'Just the content');
  first = await assembled(templateId, media.id, 'Tones, take one', 1);
  if (first.status !== 'processed') throw new Error(`assembly failed: ${JSON.stringify(first)}`);
  second = await assembled(templateId, media.id, 'Tones, take two', 2);
});

test.describe('Episode History', () => {
  test('shows the episodes as cards, tiles and rows, and edits one with the duplicate banner', async ({ openPage }) => {
    const page = await openPage(DESKTOP, { token: token });
    await page.goto('/dashboard/episodes');
    await expect(page.getByTestId('episode-card')).toHaveCount(2);
    await shot(page, 'episode-history-grid-desktop');
    await page.getByText('Mosaic').click();
    await expect(page.getByTestId('episode-tile')).toHaveCount(2);
    await page.getByText('List', { exact: true }).click();
    await expect(page.getByTestId('episode-row')).toHaveCount(2);
    await shot(page, 'episode-history-list-desktop');
    await page.getByLabel('Search').fill('take two');
    await expect(page.getByTestId('episode-row')).toHaveCount(1);
    await page.getByLabel('Search').fill('');

    await page.getByRole('button', { name: `Edit ${second.title}` }).click();
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await page.getByLabel('Episode', { exact: true }).fill('1');
    await expect(page.getByTestId('duplicate-banner')).toBeVisible();
    await expect(page.getByTestId('duplicate-banner')).toContainText(EPISODE_MESSAGES.duplicateNumber);
    await expect(save).toBeDisabled();
    await shot(page, 'episode-edit-duplicate-desktop');
    await page.getByLabel('Episode', { exact: true }).fill('2');
    // The same AI actions as the Episode Creator, from this episode's transcript (issue 18).
    const description = page.getByRole('textbox', { name: 'Description' });
    await expect(description).toHaveValue('About Tones, take two');
    await page.getByRole('button', { name: 'AI Suggest description' }).click();
    await expect(description).not.toHaveValue('About Tones, take two');
    await expect(description).toHaveValue(/tone\d/);
    await expect(page.getByRole('button', { name: 'AI Suggest title' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'AI Suggest tag list' })).toBeEnabled();
    await shot(page, 'episode-edit-ai-desktop');
    // 'Title' alone would also name the AI Suggest title button.
    await page.getByRole('textbox', { name: 'Title' }).fill('  Tones, the second take  ');
    await expect(save).toBeEnabled();
    await save.click();
    await expect.poll(async () => (await episode(second.id)).title).toBe('Tones, the second take');
    expect((await episode(second.id)).description).toMatch(/tone\d/);

    const phone = await openPage(PHONE, { token: token });
    await phone.goto('/dashboard/episodes');
    await expect(phone.getByTestId('episode-card')).toHaveCount(2);
    await shot(phone, 'episode-history-phone');
  });

  test('reads the list as the kept page, gzipped, and the next visit revalidates it with a 304', async ({ openPage }) => {
    const page = await openPage(DESKTOP, { token: token });
    // What went over the wire: Chromium hands the page its cached 200 after a 304, so the 304 shows as
    // a revalidation (If-None-Match sent) whose response brought no body.
    const calls: { etag?: string; encoding?: string; ifNoneMatch?: string; bodyBytes: number }[] = [];
    page.on('requestfinished', (request) => {
      if (!new URL(request.url()).pathname.endsWith('/trpc/episodes.page')) return;
      void (async () => {
        const [sent, sizes, response] = await Promise.all([request.allHeaders(), request.sizes(), request.response()]);
        const got = (await response?.allHeaders()) ?? {};
        calls.push({
          etag: got.etag,
          encoding: got['content-encoding'],
          ifNoneMatch: sent['if-none-match'],
          bodyBytes: sizes.responseBodySize,
        });
      })();
    });
    const visit = async () => {
      const visits = calls.length + 1;
      await page.goto('/dashboard/episodes');
      await expect(page.getByTestId('episode-card')).toHaveCount(2);
      await expect.poll(() => calls.length).toBe(visits);
      return calls[visits - 1]!;
    };
    const first = await visit();
    expect(first).toMatchObject({ encoding: 'gzip', etag: expect.stringMatching(/^W\/"trpc\./), ifNoneMatch: undefined });
    expect(first.bodyBytes).toBeGreaterThan(0);
    let again = await visit();
    // Signed links move to a new expiry every few minutes: a visit across that step gets the new page once.
    if (again.bodyBytes > 0 && again.etag !== first.etag) again = await visit();
    expect(again).toMatchObject({ ifNoneMatch: calls.at(-2)!.etag, bodyBytes: 0 });
  });
});

test.describe('manual editor', () => {
  test('cuts a dragged and a typed stretch, and the re-rendered file is shorter by them with their audio gone', async ({ openPage }) => {
    const before = await download(first.playback_url!, 'before.mp3');
    expect(Math.abs(durationMs(before) - SECONDS * 1000)).toBeLessThan(100);
    const marked = markedWindows(before);
    expect(marked[1000]).toBeGreaterThan(15);
    expect(marked[1500]).toBeGreaterThan(15);

    const page = await openPage(DESKTOP, { token: token });
    await page.goto('/dashboard/episodes');
    await page.getByText('List', { exact: true }).click();
    await page.getByRole('button', { name: `More actions for ${first.title}` }).click();
    await page.getByRole('menuitem', { name: 'Manual editor' }).click();
    const waveform = page.getByTestId('waveform');
    await expect(page.getByRole('button', { name: 'Add cut' })).toBeEnabled();

    // Cut 1: dragged out on the waveform (the whole file fills the width), then set exactly by typing.
    const box = (await waveform.boundingBox())!;
    const x = (s: number) => box.x + (box.width * s) / SECONDS;
    await page.mouse.move(x(4.2), box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(x(5), box.y + box.height / 2, { steps: 8 });
    await page.mouse.move(x(5.8), box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByTestId('cut-row')).toHaveCount(1);
    await page.getByLabel('Cut 1 start').fill('00:04.00');
    await page.getByLabel('Cut 1 start').press('Enter');
    await page.getByLabel('Cut 1 end').fill('0:06');
    await page.getByLabel('Cut 1 end').press('Enter');
    await expect(page.getByTestId('cut-length').first()).toHaveText('2.00 s');

    // Cut 2: the playhead moved by a typed time, then Add cut (2 s from there).
    await page.getByLabel('Go to time').fill('00:00:10');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.getByRole('button', { name: 'Add cut' }).click();
    await expect(page.getByTestId('cut-row')).toHaveCount(2);
    await expect(page.getByLabel('Cut 2 start')).toHaveValue('00:10.00');
    await expect(page.getByLabel('Cut 2 end')).toHaveValue('00:12.00');

    // A third cut, then Delete removes the last region; zoom changes the window.
    await page.getByLabel('Go to time').fill('14');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.getByRole('button', { name: 'Add cut' }).click();
    await expect(page.getByTestId('cut-row')).toHaveCount(3);
    await page.getByTestId('playhead').click();
    await page.keyboard.press('Delete');
    await expect(page.getByTestId('cut-row')).toHaveCount(2);
    await page.getByText('60 s', { exact: true }).click();
    await shot(page, 'manual-editor-desktop');

    await page.getByRole('button', { name: 'Commit' }).click();
    await expect(page.getByText('Edits queued').first()).toBeVisible();

    await expect.poll(async () => (await episode(first.id)).duration_ms ?? 0, { timeout: 120_000, intervals: [1000] }).toBeLessThan(13_000);
    await expect.poll(async () => (await episode(first.id)).status, { timeout: 60_000 }).toBe('processed');
    const after = await download((await episode(first.id)).playback_url!, 'after.mp3');
    expect(Math.abs(durationMs(after) - (SECONDS - 4) * 1000)).toBeLessThanOrEqual(50);
    const left = markedWindows(after);
    expect(left[1000]).toBeLessThanOrEqual(1);
    expect(left[1500]).toBeLessThanOrEqual(1);
  });

  test('opens at phone size', async ({ openPage }) => {
    const page = await openPage(PHONE, { token: token });
    await page.goto('/dashboard/episodes');
    await page
      .getByRole('button', { name: `More actions for ${first.title}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Manual editor' }).click();
    await expect(page.getByRole('button', { name: 'Add cut' })).toBeEnabled();
    await shot(page, 'manual-editor-phone');
  });
});

test.describe('manual Flubber review', () => {
  test('lists the retake with its snippet, refuses an empty apply, and cuts the ticked one', async ({ openPage }) => {
    const page = await openPage(DESKTOP, { token: token });
    await page.goto('/dashboard/episodes');
    await page.getByText('List', { exact: true }).click();
    const title = (await episode(second.id)).title;
    await page.getByRole('button', { name: `More actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Review retakes' }).click();
    await expect(page.getByTestId('flubber-context')).toHaveCount(1);
    await expect(page.getByTestId('flubber-context').locator('audio')).toHaveCount(1);
    await page.getByRole('button', { name: 'Apply Selected Cuts' }).click();
    await expect(page.getByText(EPISODE_MESSAGES.noCutsSelected).first()).toBeVisible();
    await page.getByLabel(/Cut the retake at 00:14.00/).check();
    await shot(page, 'flubber-review-desktop');
    const before = (await episode(second.id)).duration_ms ?? 0;
    // The marker at 14 s: the proposed cut leaves the episode. On these tones nothing is said again, but
    // every stretch sounds like every other, so the retake's sound may find a restart before the marker
    // (issue 33): the cut is the one the review proposed, at least the spec's 13.25 s to 14.25 s.
    const proposed = (
      (await api('POST', `/api/flubber/prepare/${second.id}`)).body as { contexts: { cut_start_s: number; cut_end_s: number }[] }
    ).contexts[0];
    const cutMs = Math.round(((proposed?.cut_end_s ?? 0) - (proposed?.cut_start_s ?? 0)) * 1000);
    expect(cutMs).toBeGreaterThanOrEqual(1000);
    await page.getByRole('button', { name: 'Apply Selected Cuts' }).click();
    await expect(page.getByText('Retakes cut').first()).toBeVisible();
    await expect
      .poll(async () => (await episode(second.id)).duration_ms ?? 0, { timeout: 120_000, intervals: [1000] })
      .toBeLessThan(before - 900);
    expect(Math.abs(before - ((await episode(second.id)).duration_ms ?? 0) - cutMs)).toBeLessThanOrEqual(50);
  });
});

test.describe('dashboard', () => {
  test('shows the episode figures and the Create Episode card', async ({ openPage }) => {
    const page = await openPage(DESKTOP, { token: token });
    await page.goto('/dashboard');
    await expect(page.getByTestId('stat-total-episodes')).toHaveText('2');
    await expect(page.getByTestId('show-count')).toHaveText('1');
    await expect(page.getByTestId('ready')).toHaveText('Yes');
    await expect(page.getByTestId('stat-last-assembly')).toHaveText('Success');
    await expect(page.getByText('Website Builder').first()).toBeVisible();
    // The Website Builder tool opens its screen (issue 17): no longer marked Coming Soon.
    await expect(page.getByLabel('Website Builder (Coming Soon)')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await shot(page, 'dashboard-desktop', true);
    const phone = await openPage(PHONE, { token: token });
    await phone.goto('/dashboard');
    await expect(phone.getByTestId('stat-total-episodes')).toHaveText('2');
    await shot(phone, 'dashboard-phone', true);
  });
});
