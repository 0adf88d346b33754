/**
 * Issue 10 onboarding journeys against the real launcher (server, worker, embedded PostgreSQL, the
 * built-in music beds rendered at first start) in Chromium: a new account walks the new-show path with
 * every validation message, a reload mid-wizard, the TTS review (Keep and Retry, Discard and Retry,
 * Continue with a rename), a music bed, the built-in host, cadence and schedule, and lands in the
 * workspace with its show, template (espeak-ng intro and outro rendered) and schedule; the import path
 * against a feed served by a local node:http server (reachable because the launcher runs with
 * IMPORT_ALLOW_PRIVATE_HOSTS=127.0.0.1, as tests may) lands on step 6; the skip notice; the demo
 * wizard. Every step is captured at desktop and phone widths.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ONBOARDING_MESSAGES, PODCAST_MESSAGES, describeSlot, weekdayOfDate } from '@ppp/contracts';
import {
  DESKTOP,
  PHONE,
  SCREENSHOT_DIR,
  closeJourneyPages,
  launchChromium,
  openJourneyPage,
  registerConfirmedAccount,
  startApp,
  type RunningApp,
} from './harness.ts';
import {
  atStep,
  chooseCategory,
  dismissTour,
  generateClips,
  heading,
  next,
  pickDates,
  shot,
  summaryLines,
  startHarbourFeed,
  visible,
  writeScripts,
  type Clip,
  type HarbourFeed,
} from './onboarding-support.ts';

let app: RunningApp;
let browser: Browser;
let feed: HarbourFeed;
const contexts: BrowserContext[] = [];
const files = mkdtempSync(path.join(tmpdir(), 'ppp-e2e-onboarding-'));
const COVER = path.join(files, 'cover.png');

const PASSWORD = 'correct horse battery';
let operatorToken = '';

/** A new, active account (confirmed through the operator's outbox when it starts inactive). */
const account = (email: string): Promise<string> => registerConfirmedAccount(app.baseUrl, { email, password: PASSWORD }, operatorToken);

type Slot = {
  repeat: string;
  date: string | null;
  day_of_week: number;
  time_of_day: string;
  enabled: boolean;
  next_scheduled_date: string | null;
};

async function api<T>(token: string, pathname: string): Promise<T> {
  const res = await fetch(`${app.baseUrl}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function newPage(token: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport });
  contexts.push(context);
  await context.addInitScript((value: string) => {
    if (!window.localStorage.getItem('authToken')) window.localStorage.setItem('authToken', value);
  }, token);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

beforeAll(async () => {
  feed = await startHarbourFeed(files, COVER);
  [app, browser] = await Promise.all([startApp({ IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1' }), launchChromium()]);
  // The first account of an instance is its operator (an admin): the creators below are the ones after it.
  operatorToken = await account('operator@example.com');
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await closeJourneyPages();
  await browser?.close().catch(() => undefined);
  await app?.stop();
  await feed?.close();
  rmSync(files, { recursive: true, force: true });
});

describe('onboarding: the new-show path', () => {
  it('walks a new account from an empty workspace to its show, template and schedule', async () => {
    const token = await account('first-creator@example.com');
    const page = await newPage(token, DESKTOP);
    await page.goto('/dashboard');
    await dismissTour(page, 'onboarding-tour-desktop');

    // 1 yourName
    await atStep(page, 'Welcome! What should we call you?', 'Step 1 of 12');
    await next(page).click();
    await expect.poll(visible(page, ONBOARDING_MESSAGES.firstNameRequired), { timeout: 20_000 }).toBe(true);
    await shot(page, 'onboarding-01-your-name-desktop');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await next(page).click();

    // 2 choosePath: no Next, the choices move on
    await atStep(page, 'How would you like to start?', 'Step 2 of 12');
    expect(await next(page).count()).toBe(0);
    await shot(page, 'onboarding-02-choose-path-desktop');
    await page.getByRole('button', { name: 'Start a new show' }).click();

    // 3 showDetails
    await atStep(page, 'Tell us about your show', 'Step 3 of 12');
    await page.getByLabel('Show name').fill('  Owl ');
    await page.getByLabel('Description').fill('Conversations after dark.');
    await next(page).click();
    await expect.poll(visible(page, ONBOARDING_MESSAGES.nameMin), { timeout: 20_000 }).toBe(true);
    await shot(page, 'onboarding-03-show-details-desktop');
    await page.getByLabel('Show name').fill('Night Owls Radio');
    await next(page).click();
    await expect.poll(visible(page, PODCAST_MESSAGES.categoryRequired), { timeout: 20_000 }).toBe(true);
    await chooseCategory(page, 'Society & Culture');
    await next(page).click();

    // 4 format
    await atStep(page, 'What is the format?', 'Step 4 of 12');
    await page.getByRole('radio', { name: /Interview/ }).click();
    await shot(page, 'onboarding-04-format-desktop');
    await next(page).click();

    // 5 coverArt
    await atStep(page, 'Add cover art', 'Step 5 of 12');
    await next(page).click();
    await expect.poll(visible(page, ONBOARDING_MESSAGES.coverRequired), { timeout: 20_000 }).toBe(true);
    await page.locator('input[type=file]').setInputFiles(COVER);
    await expect.poll(() => page.getByRole('img', { name: 'Your cover art' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await shot(page, 'onboarding-05-cover-art-desktop');
    await next(page).click();

    // 6 introOutro, with the default scripts; a reload resumes here
    await atStep(page, 'Your intro and outro', 'Step 6 of 12');
    await expect
      .poll(() => page.getByLabel('Intro script').inputValue(), { timeout: 20_000 })
      .toBe("Welcome to Night Owls Radio. I'm Ada, and today I'm talking with a special guest. Let's get started.");
    expect(await page.getByLabel('Outro script').inputValue()).toMatch(/^Thanks for listening to Night Owls Radio\./);
    await expect.poll(() => page.getByRole('combobox', { name: 'Intro voice' }).inputValue(), { timeout: 30_000 }).not.toBe('');
    await shot(page, 'onboarding-06-intro-outro-desktop');
    await page.waitForTimeout(600);
    await page.reload();
    await atStep(page, 'Your intro and outro', 'Step 6 of 12');
    expect(await page.getByLabel('Intro script').inputValue()).toContain('Welcome to Night Owls Radio');

    // 7 ttsReview: Keep and Retry keeps the clips in the library
    await generateClips(page);
    expect(await next(page).count()).toBe(0);
    await shot(page, 'onboarding-07-tts-review-desktop');
    await page.getByRole('button', { name: 'Keep and Retry' }).click();
    await atStep(page, 'Your intro and outro', 'Step 6 of 12');
    let library = await api<Clip[]>(token, '/api/media/');
    expect(library.filter((m) => m.category === 'intro' || m.category === 'outro')).toHaveLength(2);

    // Discard and Retry deletes the clips it made
    await writeScripts(
      page,
      'Good evening, night owls: this is the show for people who never sleep.',
      'Time to switch off the lamp. Goodnight from all of us.',
    );
    await generateClips(page);
    await page.getByRole('button', { name: 'Discard and Retry' }).click();
    await atStep(page, 'Your intro and outro', 'Step 6 of 12');
    library = await api<Clip[]>(token, '/api/media/');
    expect(library.filter((m) => m.category === 'intro' || m.category === 'outro')).toHaveLength(2);

    // Continue with a rename
    await writeScripts(
      page,
      'From a quiet studio somewhere in the city, here comes tonight’s conversation.',
      'We are out of coffee and out of time. Thanks, and see you next week.',
    );
    await generateClips(page);
    await page.getByLabel('Intro name').fill('Night Owls intro (final)');
    await page.getByRole('button', { name: 'Continue' }).click();

    // 8 music: the built-in beds, a 20 s preview, a choice
    await atStep(page, 'Pick background music', 'Step 8 of 12');
    // A fresh instance may still be rendering its beds: the step keeps asking until all four are listed.
    for (const name of ['Calm Morning', 'Upbeat Pulse', 'Warm Hearth', 'Ambient Drift']) {
      await expect.poll(() => page.getByRole('radio', { name }).isVisible(), { timeout: 180_000 }).toBe(true);
    }
    await expect.poll(() => page.getByText('Preparing the music library…').count(), { timeout: 20_000 }).toBe(0);
    await page.getByRole('button', { name: 'Play Calm Morning' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Stop Calm Morning' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByRole('button', { name: 'Stop Calm Morning' }).click();
    await page.getByRole('radio', { name: 'Warm Hearth' }).click();
    await shot(page, 'onboarding-08-music-desktop');
    await next(page).click();

    // 9 spreaker: a host is required; the built-in host counts as connected
    await atStep(page, 'Where will your show live?', 'Step 9 of 12');
    await next(page).click();
    await expect.poll(visible(page, ONBOARDING_MESSAGES.hostRequired), { timeout: 20_000 }).toBe(true);
    expect(await page.getByRole('button', { name: 'Connect Spreaker' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Use the built-in host' }).click();
    await shot(page, 'onboarding-09-host-desktop');
    await next(page).click();

    // 10 publishCadence
    await atStep(page, 'How often will you publish?', 'Step 10 of 12');
    await next(page).click();
    await expect.poll(visible(page, ONBOARDING_MESSAGES.frequencyRequired), { timeout: 20_000 }).toBe(true);
    await page.getByRole('combobox', { name: 'Per' }).click();
    await page.getByRole('option', { name: 'Bi-weekly (every 2 weeks)' }).click();
    await page.getByLabel('How many episodes').fill('2');
    await next(page).click();
    await expect.poll(visible(page, ONBOARDING_MESSAGES.biweeklyCount), { timeout: 20_000 }).toBe(true);
    await shot(page, 'onboarding-10-cadence-desktop');
    await page.getByLabel('How many episodes').fill('1');
    await next(page).click();

    // 11 publishSchedule: bi-weekly picks its first date on the calendar
    await atStep(page, 'When will you publish?', 'Step 11 of 12');
    await next(page).click();
    await expect.poll(visible(page, ONBOARDING_MESSAGES.dateRequired), { timeout: 20_000 }).toBe(true);
    const firstDate = (await pickDates(page, [2]))[0] ?? '';
    await shot(page, 'onboarding-11-schedule-desktop');
    await next(page).click();

    // 12 finish: the summary says the fortnightly slot the finish will make
    await atStep(page, 'Ready to create your show', 'Step 12 of 12');
    expect(await page.getByText('Night Owls intro (final)').isVisible()).toBe(true);
    expect(await page.getByText('Publishes every two weeks').isVisible()).toBe(true);
    const fortnightly = describeSlot({ repeat: 'biweekly', date: firstDate, day_of_week: weekdayOfDate(firstDate), time_of_day: '05:00' });
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await summaryLines(page, 'schedule')).toEqual([fortnightly, `Times in ${zone}`]);
    await shot(page, 'onboarding-12-finish-desktop');
    await page.getByRole('button', { name: 'Finish setup' }).click();

    // The workspace, with the show, its template and its schedule.
    await expect.poll(() => page.getByTestId('breadcrumb-view').isVisible(), { timeout: 60_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.evaluate(() => window.localStorage.getItem('ppp.onboarding.completed'))).toBe('1');

    const shows = await api<{ id: string; name: string; description: string; cover_url: string | null }[]>(token, '/api/podcasts/');
    expect(shows.map((s) => [s.name, s.description])).toEqual([['Night Owls Radio', 'Conversations after dark.']]);
    expect(shows[0]?.cover_url).toBeTruthy();
    const templates = await api<
      {
        id: string;
        name: string;
        podcast_id: string;
        segments: { segment_type: string; source: { media_id?: string } }[];
        background_music_rules: { media_id: string; apply_to_segments: string[] }[];
      }[]
    >(token, '/api/templates/');
    expect(templates).toHaveLength(1);
    const template = templates[0] as (typeof templates)[number];
    expect(template.podcast_id).toBe(shows[0]?.id);
    expect(template.segments.map((s) => s.segment_type)).toEqual(['intro', 'content', 'outro']);
    library = await api<Clip[]>(token, '/api/media/');
    const intro = library.find((m) => m.id === template.segments[0]?.source.media_id);
    const outro = library.find((m) => m.id === template.segments[2]?.source.media_id);
    expect(intro?.display_name).toBe('Night Owls intro (final)');
    for (const clip of [intro, outro]) {
      expect(clip?.content_type).toBe('audio/mpeg');
      expect(clip?.duration_seconds ?? 0).toBeGreaterThan(1.5);
    }
    const bed = library.find((m) => m.category === 'music');
    expect(bed?.display_name).toBe('Warm Hearth');
    expect(template.background_music_rules.map((r) => [r.apply_to_segments, r.media_id])).toEqual([
      [['intro'], bed?.id],
      [['outro'], bed?.id],
    ]);
    const schedule = await api<{ schedules: Slot[] }>(token, `/api/recurring/templates/${template.id}/schedules`);
    expect(schedule.schedules.map((s) => [s.repeat, s.date, s.day_of_week, s.time_of_day, s.enabled])).toEqual([
      ['biweekly', firstDate, weekdayOfDate(firstDate), '05:00', true],
    ]);
    const nextDate = schedule.schedules[0]?.next_scheduled_date ?? '';
    // The next occurrence is the first date or a whole number of fortnights after it.
    expect((Date.parse(nextDate) - Date.parse(firstDate)) % (14 * 86_400_000)).toBe(0);

    // The rendered intro is real speech: the preview URL plays an MP3 of that length.
    const preview = await api<{ url: string }>(token, `/api/media/preview?id=${intro?.id ?? ''}`);
    const bytes = Buffer.from(await (await fetch(`${app.baseUrl}${preview.url}`)).arrayBuffer());
    const introFile = path.join(files, 'intro.mp3');
    writeFileSync(introFile, bytes);
    const seconds = Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', introFile]).toString(),
    );
    expect(seconds).toBeCloseTo(intro?.duration_seconds ?? 0, 0);

    // And in the workspace: the template of the show, with its fortnightly slot.
    await page.getByRole('link', { name: 'Templates' }).first().click();
    const card = page.getByTestId('template-card').filter({ hasText: 'Night Owls Radio episode' });
    await expect.poll(() => card.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await card.getByText('Night Owls Radio', { exact: true }).isVisible()).toBe(true);
    await card.getByRole('link', { name: 'Edit Night Owls Radio episode' }).click();
    await page.getByRole('button', { name: 'Recurring Publish Schedule' }).click();
    const slots = page.getByRole('table', { name: 'Recurring slots' });
    await expect.poll(() => slots.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await slots.getByRole('cell', { name: fortnightly, exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('next-publish').innerText()).toContain(nextDate);
    await page.getByTestId('next-publish').scrollIntoViewIfNeeded();
    await shot(page, 'onboarding-workspace-template-desktop', false);

    // My Podcasts' New show opens the full-page onboarding (its flag is unset: spec 001 §2).
    await page.goto('/dashboard/podcasts');
    await page.getByRole('button', { name: 'New show' }).click();
    await atStep(page, 'Welcome! What should we call you?', 'Step 1 of 12');
    expect(new URL(page.url()).pathname).toBe('/onboarding');

    // The gate: the workspace from now on, onboarding again on ?onboarding=1 and from the manager.
    await page.goto('/dashboard?onboarding=1');
    await atStep(page, 'Welcome! What should we call you?', 'Step 1 of 12');
    await page.goto('/onboarding?from=manager&reset=1');
    await atStep(page, 'Welcome! What should we call you?', 'Step 1 of 12');
    expect(await page.getByLabel('First name').inputValue()).toBe('Ada');
    expect(new URL(page.url()).search).toBe('?from=manager');

    // A second show's cover can be the one already in the library.
    await next(page).click();
    await page.getByRole('button', { name: 'Start a new show' }).click();
    await page.getByLabel('Show name').fill('Night Owls Extra');
    await page.getByLabel('Description').fill('The bonus hour.');
    await chooseCategory(page, 'Comedy');
    await next(page).click();
    await next(page).click();
    await atStep(page, 'Add cover art', 'Step 5 of 12');
    const existing = page.getByRole('group', { name: 'Your cover images' }).getByRole('button');
    await expect.poll(() => existing.count(), { timeout: 20_000 }).toBe(1);
    await existing.first().click();
    expect(await existing.first().getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByRole('img', { name: 'Your cover art' }).isVisible()).toBe(true);
    await shot(page, 'onboarding-05-cover-library-desktop');
    await next(page).click();
    await atStep(page, 'Your intro and outro', 'Step 6 of 12');
  }, 600_000);
});

describe('onboarding: the import path', () => {
  it('imports a feed and lands on step 6 with the imported show', async () => {
    const token = await account('importer@example.com');
    const page = await newPage(token, DESKTOP);
    await page.goto('/dashboard');
    await dismissTour(page);
    await page.getByLabel('First name').fill('Grace');
    await next(page).click();
    await page.getByRole('button', { name: 'Import an existing show' }).click();

    await atStep(page, 'Import your show', 'Step 3 of 8');
    await next(page).click();
    await expect.poll(visible(page, ONBOARDING_MESSAGES.rssEnterUrl), { timeout: 20_000 }).toBe(true);
    expect(await page.getByText(ONBOARDING_MESSAGES.rssRequired).first().isVisible()).toBe(true);
    await shot(page, 'onboarding-import-rss-desktop');

    // A feed that is not one: the reason under 'Import failed', and no way on but back.
    await page.getByLabel('RSS feed URL').fill(`${feed.origin}/broken.rss`);
    await next(page).click();
    await atStep(page, 'Is this your show?', 'Step 4 of 8');
    const failed = page.getByRole('alert').filter({ hasText: ONBOARDING_MESSAGES.importFailed });
    await expect.poll(() => failed.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await failed.innerText()).toMatch(/well-formed/i);
    expect(await page.getByRole('button', { name: 'Import this show' }).isDisabled()).toBe(true);
    await shot(page, 'onboarding-import-failed-desktop');
    await page.getByRole('button', { name: 'Back' }).click();

    await page.getByLabel('RSS feed URL').fill(`${feed.origin}/harbour.rss`);
    await next(page).click();

    await atStep(page, 'Is this your show?', 'Step 4 of 8');
    await expect.poll(visible(page, '3 episodes in the feed'), { timeout: 20_000 }).toBe(true);
    await shot(page, 'onboarding-import-confirm-desktop');
    await page.getByRole('button', { name: 'Import this show' }).click();

    // importing (1 s), analyze (0.8 s), assets (0.8 s), importSuccess (0.6 s): each seen on its way.
    const seen: string[] = [];
    const deadline = Date.now() + 60_000;
    while (
      !(
        await page
          .getByTestId('onboarding-step-number')
          .innerText()
          .catch(() => '')
      ).startsWith('Step 6 of 12') &&
      Date.now() < deadline
    ) {
      const number = await page
        .getByTestId('onboarding-step-number')
        .innerText()
        .catch(() => '');
      if (number && !seen.includes(number)) {
        seen.push(number);
        if (number === 'Step 5 of 8') await shot(page, 'onboarding-import-importing-desktop', false);
        if (number === 'Step 6 of 8') await shot(page, 'onboarding-import-analyze-desktop', false);
        if (number === 'Step 7 of 8') await shot(page, 'onboarding-import-assets-desktop', false);
        if (number === 'Step 8 of 8') await shot(page, 'onboarding-import-success-desktop', false);
      }
      await page.waitForTimeout(50);
    }
    expect(seen).toEqual(expect.arrayContaining(['Step 5 of 8', 'Step 8 of 8']));
    await atStep(page, 'Your intro and outro', 'Step 6 of 12');
    expect(await page.getByText(ONBOARDING_MESSAGES.importComplete).first().isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
    await expect.poll(() => page.getByLabel('Intro script').inputValue(), { timeout: 20_000 }).toContain('Welcome to Harbour Tales');
    await shot(page, 'onboarding-import-step6-desktop');

    const shows = await api<{ name: string }[]>(token, '/api/podcasts/');
    expect(shows.map((s) => s.name)).toEqual(['Harbour Tales']);
  }, 300_000);
});

describe('onboarding on a phone', () => {
  it('shows every step at 390 px: the skip notice, the new-show steps and the import steps', async () => {
    const token = await account('phone-creator@example.com');
    const page = await newPage(token, PHONE);
    await page.goto('/dashboard');
    await dismissTour(page, 'onboarding-tour-phone');
    await atStep(page, 'Welcome! What should we call you?');
    await page.getByLabel('First name').fill('Lin');
    await shot(page, 'onboarding-01-your-name-phone');
    await next(page).click();
    await atStep(page, 'How would you like to start?');
    await shot(page, 'onboarding-02-choose-path-phone');
    await page.getByRole('button', { name: 'Import an existing show' }).click();
    await atStep(page, 'Import your show');
    await page.getByLabel('RSS feed URL').fill(`${feed.origin}/harbour.rss`);
    await shot(page, 'onboarding-import-rss-phone');
    await next(page).click();
    await expect.poll(visible(page, '3 episodes in the feed'), { timeout: 20_000 }).toBe(true);
    await shot(page, 'onboarding-import-confirm-phone');
    await page.getByRole('button', { name: 'Back' }).click();

    // The skip notice moves on to the new-show path by itself.
    await page.getByRole('button', { name: /Skip the import/ }).click();
    await page.getByRole('heading', { name: 'Starting fresh', level: 1 }).waitFor({ timeout: 2_000 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'onboarding-skip-notice-phone.png') });
    await atStep(page, 'Tell us about your show', 'Step 3 of 12');

    await page.getByLabel('Show name').fill('Pocket Stories');
    await page.getByLabel('Description').fill('Short stories for the bus ride.');
    await chooseCategory(page, 'Fiction');
    await shot(page, 'onboarding-03-show-details-phone');
    await next(page).click();
    await atStep(page, 'What is the format?');
    await page.getByRole('radio', { name: /Storytelling/ }).click();
    await shot(page, 'onboarding-04-format-phone');
    await next(page).click();
    await atStep(page, 'Add cover art');
    // An upload the network drops says so, not that the file is the wrong type.
    await page.route('**/trpc/mediaUploads.cover**', (route) => route.abort('connectionreset'));
    await page.locator('input[type=file]').setInputFiles(COVER);
    await expect.poll(() => page.getByRole('alert').innerText(), { timeout: 20_000 }).toBe(ONBOARDING_MESSAGES.coverUploadFailed);
    await shot(page, 'onboarding-05-cover-failed-phone');
    await page.unroute('**/trpc/mediaUploads.cover**');
    await page.locator('input[type=file]').setInputFiles(COVER);
    await expect.poll(() => page.getByRole('img', { name: 'Your cover art' }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
    await shot(page, 'onboarding-05-cover-art-phone');
    await next(page).click();
    await atStep(page, 'Your intro and outro');
    await page.getByText('Upload a file').last().click();
    await next(page).click();
    await expect.poll(visible(page, ONBOARDING_MESSAGES.fileRequired('outro')), { timeout: 20_000 }).toBe(true);
    await shot(page, 'onboarding-06-intro-outro-phone');
    await page.locator('input[type=file]').last().setInputFiles(path.join(files, 'tone.mp3'));
    await generateClips(page);
    await shot(page, 'onboarding-07-tts-review-phone');
    await page.getByRole('button', { name: 'Continue' }).click();
    await atStep(page, 'Pick background music');
    await expect.poll(() => page.getByRole('radio', { name: 'Calm Morning' }).isVisible(), { timeout: 180_000 }).toBe(true);
    await shot(page, 'onboarding-08-music-phone');
    await next(page).click();
    await atStep(page, 'Where will your show live?');
    await page.getByRole('button', { name: 'Use the built-in host' }).click();
    await shot(page, 'onboarding-09-host-phone');
    await next(page).click();
    await atStep(page, 'How often will you publish?');
    await page.getByRole('combobox', { name: 'Per' }).click();
    await page.getByRole('option', { name: 'Month', exact: true }).click();
    await shot(page, 'onboarding-10-cadence-phone');
    await next(page).click();
    await atStep(page, 'When will you publish?');
    await next(page).click();
    await expect.poll(visible(page, ONBOARDING_MESSAGES.dateRequired), { timeout: 20_000 }).toBe(true);
    const picked = await pickDates(page, [0, 3]);
    await shot(page, 'onboarding-11-schedule-phone');
    await next(page).click();
    await atStep(page, 'Ready to create your show');
    const once = picked.map((date) => describeSlot({ repeat: 'once', date, day_of_week: weekdayOfDate(date), time_of_day: '05:00' }));
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await summaryLines(page, 'schedule')).toEqual([...once, `Times in ${zone}`]);
    await shot(page, 'onboarding-12-finish-phone');
    await page.getByRole('button', { name: 'Finish setup' }).click();
    await expect.poll(() => page.getByTestId('breadcrumb-view').isVisible(), { timeout: 60_000 }).toBe(true);

    const templates = await api<{ id: string; segments: { segment_type: string }[]; background_music_rules: unknown[] }[]>(
      token,
      '/api/templates/',
    );
    expect(templates[0]?.segments.map((s) => s.segment_type)).toEqual(['intro', 'content', 'outro']);
    expect(templates[0]?.background_music_rules).toEqual([]);
    // Monthly keeps the chosen dates themselves.
    const schedule = await api<{ schedules: Slot[] }>(token, `/api/recurring/templates/${templates[0]?.id ?? ''}/schedules`);
    expect(schedule.schedules.map((s) => [s.repeat, s.date, s.day_of_week])).toEqual(
      picked.map((date) => ['once', date, weekdayOfDate(date)]),
    );
  }, 600_000);
});

describe('the demo wizard', () => {
  it('walks three steps with tips and display preferences, says Done! and saves nothing', async () => {
    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await openJourneyPage(browser, app.baseUrl, viewport, { onboardingDone: false });
      await page.goto('/onboarding-demo');
      await expect.poll(heading(page, 'Pick a show name'), { timeout: 20_000 }).toBe(true);
      const keysBefore = await page.evaluate(() => Object.keys(window.localStorage).sort());
      await page.getByLabel('Show name').fill('Demo Show');
      expect(await page.getByText(/Short and memorable/).isVisible()).toBe(true);
      await shot(page, `onboarding-demo-1-${suffix}`);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(heading(page, 'Add artwork'), { timeout: 20_000 }).toBe(true);
      await page.getByRole('switch', { name: 'Large text' }).check();
      await page.getByRole('switch', { name: 'High contrast' }).check();
      await shot(page, `onboarding-demo-2-${suffix}`);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(heading(page, 'Choose a publish day'), { timeout: 20_000 }).toBe(true);
      await page.getByText('Wed', { exact: true }).click();
      await shot(page, `onboarding-demo-3-${suffix}`);
      const dialog = new Promise<string>((resolve) => page.once('dialog', (d) => void d.accept().then(() => resolve(d.message()))));
      await page.getByRole('button', { name: 'Finish' }).click();
      expect(await dialog).toBe('Done!');
      expect(await page.evaluate(() => Object.keys(window.localStorage).sort())).toEqual(keysBefore);
    }
  }, 120_000);
});
