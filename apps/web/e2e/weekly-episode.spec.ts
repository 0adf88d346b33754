/**
 * A creator's first week as one journey (issue 19), against the real launcher in Chromium with its fake
 * microphone: a new account walks onboarding (with its primary category) to a show and its template;
 * one upload on the pre-upload form (its words supplied) is built in the Episode Creator into a draft,
 * published from the result screen, and read back from the show's public feed (parsed by the browser);
 * a manual edit cuts two seconds and the feed's enclosure follows; a recording's 'Create episode' makes
 * a second build, a third build of the same upload makes another draft, and My Podcasts' Publish All
 * publishes both drafts, which the feed then lists.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  CREATOR_STEP_COPY,
  EPISODE_CREATOR_SHELL,
  PUBLISH_MESSAGES,
  RECORDER_MESSAGES,
  type TEpisode,
  type TPodcast,
} from '@ppp/contracts';
import { DESKTOP, apiClient, registerConfirmedAccount, shot, type RunningApp } from './harness.ts';
import { expect } from './fixtures.ts';
import { withFakeMicrophone } from './microphone-fixtures.ts';
import { atStep, chooseCategory, dismissTour, generateClips, next, pickDates } from './onboarding-support.ts';

/** The fake microphone plays a steady tone (microphone-fixtures.ts, as in the recorder journey). */
const test = withFakeMicrophone();

const SHOW = 'Weekly Harbour';
const TEMPLATE = `${SHOW} episode`;
const UPLOAD = 'Harbour week one';
const TAKE = 'Harbour recording';
const UPLOAD_SECONDS = 12;
const PASSWORD = 'correct horse battery';

let app: RunningApp;
let token = '';
let files = '';
const api = apiClient(
  () => app.baseUrl,
  () => token,
);

async function get<T>(url: string): Promise<T> {
  const res = await api('GET', url);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

const episodes = async (): Promise<TEpisode[]> => (await get<{ items: TEpisode[] }>('/api/episodes/?limit=50')).items;
const episodeNamed = async (title: string) => (await episodes()).find((e) => e.title === title);

/** The show's public feed, parsed by the browser's DOMParser: each item's title and enclosure. */
async function feedItems(page: Page, rssUrl: string): Promise<{ title: string; url: string; length: number }[]> {
  const res = await page.request.get(rssUrl.replace(/^https?:\/\/[^/]+/, app.baseUrl));
  expect(res.status()).toBe(200);
  const xml = await res.text();
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.querySelector('parsererror')) throw new Error('the feed is not well-formed XML');
    return [...doc.querySelectorAll('channel > item')].map((item) => {
      const enclosure = item.querySelector('enclosure');
      return {
        title: item.querySelector('title')?.textContent ?? '',
        url: enclosure?.getAttribute('url') ?? '',
        length: Number(enclosure?.getAttribute('length') ?? 0),
      };
    });
  }, xml);
}

/** Step 1 of the Episode Creator: the creator's one template is taken without asking; the upload is the one chosen in step 2. */
async function atChooseAudio(page: Page, upload: string) {
  const useTemplate = page.getByRole('button', { name: `Use template ${TEMPLATE}` });
  const chooseAudio = page.getByRole('heading', { name: 'Choose Audio', level: 2 });
  await expect(useTemplate.or(chooseAudio)).toBeVisible({ timeout: 30_000 });
  if (await useTemplate.isVisible()) await useTemplate.click();
  await expect(page.getByTestId('creator-template-name')).toContainText(TEMPLATE);
  const chosen = page.getByRole('button', { name: `Use ${upload}` });
  if ((await chosen.getAttribute('aria-pressed')) !== 'true') await chosen.click();
  await expect(chosen).toHaveAttribute('aria-pressed', 'true');
}

/** Steps 2 to 6 of the Episode Creator once a template and an upload are chosen: no questions, no cover, a draft. */
async function buildDraft(page: Page, title: string) {
  const proceed = page.getByRole('button', { name: 'Continue', exact: true });
  await expect(proceed).toBeEnabled({ timeout: 30_000 });
  await proceed.click();
  // Before We Start asks only when it has something to ask: every question answered No.
  const intents = page.getByRole('dialog').filter({ hasText: EPISODE_CREATOR_SHELL.intentsTitle });
  await expect(page.getByText('Step 3 of 6').or(intents)).toBeVisible({ timeout: 30_000 });
  if (await intents.isVisible()) {
    for (const answer of await intents.getByText('No', { exact: true }).all()) await answer.click();
    await intents.getByRole('button', { name: 'Continue' }).click();
    await expect(intents).toHaveCount(0);
  }
  await expect(page.getByText('Step 3 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByTestId('cover-art-step')).toBeVisible();
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await expect(page.getByTestId('details-step')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Episode Title').fill(title);
  await page.getByLabel('Save as draft').check();
  await expect(page.getByTestId('minutes-check')).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Assemble Episode' }).click();
  await expect(page.getByTestId('assembly-result')).toBeVisible({ timeout: 240_000 });
  await expect(page.getByRole('heading', { name: 'Draft Ready' })).toBeVisible();
}

test.beforeAll(async ({ app: started, scratchDir }) => {
  app = started;
  files = scratchDir;
  // The instance's first account is its operator; the creator is a new account after it.
  const operator = await registerConfirmedAccount(app.baseUrl, { email: 'operator@example.com', password: PASSWORD }, '');
  token = await registerConfirmedAccount(app.baseUrl, { email: 'weekly@example.com', password: PASSWORD }, operator);
});

test('a new creator: onboarding, an upload built into a draft and published, a manual edit, a recording, Publish All', async ({
  openPage,
}) => {
  test.setTimeout(1_500_000);
  const cover = path.join(files, 'cover.png');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x2a9d8f:s=1400x1400', '-frames:v', '1', cover]);
  const audio = path.join(files, 'week-one.mp3');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=330:duration=${UPLOAD_SECONDS}`, '-ac', '1', audio]);
  const words = path.join(files, 'week-one.json');
  const spoken = Array.from({ length: UPLOAD_SECONDS * 2 - 1 }, (_, i) => ({ text: `harbour${i}`, start: i * 0.5, end: i * 0.5 + 0.4 }));
  writeFileSync(words, JSON.stringify({ words: spoken }));

  const page = await openPage(DESKTOP, { token, onboardingDone: false });

  await test.step('onboarding makes the show (with its primary category) and its template', async () => {
    await page.goto('/dashboard');
    await dismissTour(page);
    await atStep(page, 'Welcome! What should we call you?', 'Step 1 of 12');
    await page.getByLabel('First name').fill('Wren');
    await page.getByLabel('Last name').fill('Harbour');
    await next(page).click();
    await page.getByRole('button', { name: 'Start a new show' }).click();
    await atStep(page, 'Tell us about your show', 'Step 3 of 12');
    await page.getByLabel('Show name').fill(SHOW);
    await page.getByLabel('Description').fill('A week on the harbour, every week.');
    await chooseCategory(page, 'Society & Culture');
    await next(page).click();
    await atStep(page, 'What is the format?', 'Step 4 of 12');
    await page.getByRole('radio', { name: /Interview/ }).click();
    await next(page).click();
    await atStep(page, 'Add cover art', 'Step 5 of 12');
    await page.locator('input[type=file]').setInputFiles(cover);
    await expect(page.getByRole('img', { name: 'Your cover art' })).toBeVisible({ timeout: 20_000 });
    await next(page).click();
    await atStep(page, 'Your intro and outro', 'Step 6 of 12');
    await expect(page.getByLabel('Intro script')).toHaveValue(/Weekly Harbour/, { timeout: 20_000 });
    await expect.poll(() => page.getByRole('combobox', { name: 'Intro voice' }).inputValue(), { timeout: 30_000 }).not.toBe('');
    await generateClips(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await atStep(page, 'Pick background music', 'Step 8 of 12');
    await page.getByRole('radio', { name: /No music/ }).click();
    await next(page).click();
    await atStep(page, 'Where will your show live?', 'Step 9 of 12');
    await page.getByRole('button', { name: 'Use the built-in host' }).click();
    await next(page).click();
    await atStep(page, 'How often will you publish?', 'Step 10 of 12');
    await page.getByRole('combobox', { name: 'Per' }).click();
    await page.getByRole('option', { name: 'Bi-weekly (every 2 weeks)' }).click();
    await page.getByLabel('How many episodes').fill('1');
    await next(page).click();
    await atStep(page, 'When will you publish?', 'Step 11 of 12');
    await pickDates(page, [2]);
    await next(page).click();
    await atStep(page, 'Ready to create your show', 'Step 12 of 12');
    await page.getByRole('button', { name: 'Finish setup' }).click();
    await expect(page.getByTestId('breadcrumb-view')).toBeVisible({ timeout: 60_000 });
    const shows = await get<TPodcast[]>('/api/podcasts/');
    expect(shows.map((s) => [s.name, s.category_id])).toEqual([[SHOW, 'Society & Culture']]);
  });

  await test.step('the AI template wizard is a preview only: its box is disabled and Escape closes it', async () => {
    await page.getByRole('link', { name: 'Templates' }).first().click();
    await expect(page.getByTestId('template-card').filter({ hasText: TEMPLATE })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'AI template wizard' }).click();
    const wizard = page.getByRole('dialog', { name: /AI template wizard/ });
    await expect(wizard.getByLabel('Describe your show')).toBeDisabled();
    await expect(wizard.getByRole('button', { name: 'Generate template' })).toBeDisabled();
    await shot(page, 'weekly-ai-template-wizard-desktop');
    await page.keyboard.press('Escape');
    await expect(wizard).toHaveCount(0);
  });

  await test.step('one upload on the pre-upload form, Ready with its words', async () => {
    await page.goto('/dashboard/upload');
    await page.getByRole('button', { name: 'Upload and use processed audio' }).click();
    const inputs = page.locator('input[type=file]');
    await inputs.nth(1).setInputFiles(words);
    await inputs.nth(0).setInputFiles(audio);
    await page.getByLabel('Friendly name').fill(UPLOAD);
    await page.getByRole('button', { name: 'Upload and return' }).click();
    await expect(page).toHaveURL(`${app.baseUrl}/dashboard`, { timeout: 120_000 });
    await expect
      .poll(
        async () =>
          (await get<{ friendly_name: string; status: string }[]>('/api/media/main-content')).map((m) => [m.friendly_name, m.status]),
        {
          timeout: 180_000,
        },
      )
      .toEqual([[UPLOAD, 'ready']]);
    // The bell's 'Upload ready' notice opens the Episode Creator with it.
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Upload ready (unread)' }).click();
    await expect(page).toHaveURL(/\/dashboard\/new-episode/);
  });

  const first = 'Week one on the harbour';
  await test.step('the Episode Creator builds it into a draft, published from the result screen', async () => {
    await atChooseAudio(page, UPLOAD);
    await buildDraft(page, first);
    await shot(page, 'weekly-draft-ready-desktop');
    await page.getByRole('button', { name: 'Publish now' }).click();
    const dialog = page.getByRole('dialog', { name: `Publish “${first}”` });
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByTestId('result-published')).toHaveText(PUBLISH_MESSAGES.publishedBuiltin, { timeout: 120_000 });
    // Headed as what it became, no longer 'Draft Ready'.
    await expect(page.getByRole('heading', { name: CREATOR_STEP_COPY.headingNow })).toBeVisible();
    await expect(page.getByRole('heading', { name: CREATOR_STEP_COPY.headingDraft })).toHaveCount(0);
    await shot(page, 'weekly-published-desktop');
  });

  const show = (await get<TPodcast[]>('/api/podcasts/'))[0]!;
  let firstLength = 0;
  await test.step("the episode is in the show's feed, its audio reachable", async () => {
    await expect.poll(async () => (await feedItems(page, show.rss_url)).map((i) => i.title), { timeout: 60_000 }).toEqual([first]);
    const [item] = await feedItems(page, show.rss_url);
    firstLength = item!.length;
    const head = await page.request.get(item!.url.replace(/^https?:\/\/[^/]+/, app.baseUrl), { headers: { range: 'bytes=0-9' } });
    expect(head.status()).toBe(206);
  });

  await test.step('a manual edit cuts two seconds, and the feed serves the shorter file', async () => {
    const before = (await episodeNamed(first))!;
    await page.goto('/dashboard/episodes');
    await page.getByText('List', { exact: true }).click();
    await page.getByRole('button', { name: `More actions for ${first}` }).click();
    await page.getByRole('menuitem', { name: 'Manual editor' }).click();
    await expect(page.getByRole('button', { name: 'Add cut' })).toBeEnabled({ timeout: 30_000 });
    // Two seconds from the middle of the episode: inside the upload, between the intro and the outro.
    await page.getByLabel('Go to time').fill(String(Math.round((before.duration_ms ?? 0) / 2000)));
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.getByRole('button', { name: 'Add cut' }).click();
    await expect(page.getByTestId('cut-length').first()).toHaveText('2.00 s');
    await page.getByRole('button', { name: 'Commit' }).click();
    await expect(page.getByRole('button', { name: 'Add cut' })).toHaveCount(0);
    await expect
      .poll(async () => (await episodeNamed(first))?.duration_ms ?? 0, { timeout: 180_000 })
      .toBeLessThan((before.duration_ms ?? 0) - 1_900);
    const after = (await episodeNamed(first))!;
    expect(after.status).toBe('published');
    await expect.poll(async () => (await feedItems(page, show.rss_url))[0]?.length ?? 0, { timeout: 60_000 }).toBeLessThan(firstLength);
  });

  await test.step("the edit panel's template chooser lists the creator's template and unlinks it", async () => {
    await page.goto('/dashboard/episodes');
    await page.getByText('List', { exact: true }).click();
    await page.getByRole('button', { name: `More actions for ${first}` }).click();
    await page.getByRole('menuitem', { name: 'Edit details' }).click();
    await expect(page.getByTestId('linked-template')).toHaveText(TEMPLATE);
    await page.getByRole('button', { name: 'Change template' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose a template' });
    await expect(chooser.getByRole('radio', { name: TEMPLATE })).toBeChecked();
    await expect(chooser.getByText(`${SHOW} · 3 segments`)).toBeVisible();
    await shot(page, 'weekly-template-chooser-desktop');
    await chooser.getByRole('radio', { name: 'No template' }).check();
    await chooser.getByRole('button', { name: 'Use this template' }).click();
    await expect(page.getByTestId('linked-template')).toHaveText('No template');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await episodeNamed(first))?.template_id, { timeout: 20_000 }).toBeNull();
  });

  const second = 'Week two, recorded';
  await test.step("a recording's 'Create episode' makes the second build, a draft", async () => {
    await page.goto('/dashboard/record');
    const card = page.getByTestId('recorder-card');
    await expect(card).toHaveAttribute('data-state', 'idle');
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect(card).toHaveAttribute('data-state', 'recording', { timeout: 20_000 });
    const timer = async () => {
      const [m, s] = ((await page.getByTestId('recorder-timer').textContent()) ?? '0:00').split(':').map(Number);
      return (m ?? 0) * 60 + (s ?? 0);
    };
    // The recorder keeps takes of 30 s or more.
    await expect.poll(timer, { timeout: 60_000 }).toBeGreaterThanOrEqual(31);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(card).toHaveAttribute('data-state', 'stopped');
    await page.getByLabel('Friendly name').fill(TAKE);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(RECORDER_MESSAGES.savedQueued)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(RECORDER_MESSAGES.transcriptReady)).toBeVisible({ timeout: 240_000 });
    await page.getByRole('button', { name: 'Create episode' }).click();
    await expect(page).toHaveURL(/\/dashboard\/new-episode/);
    await atChooseAudio(page, TAKE);
    await buildDraft(page, second);
  });

  const third = 'Week one, the long cut';
  await test.step('a third build of the first upload makes a second draft', async () => {
    await page.getByTestId('assembly-result').getByRole('button', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(`${app.baseUrl}/dashboard`);
    await page.getByRole('navigation', { name: 'Top bar' }).getByRole('link', { name: 'New Episode' }).click();
    await page.getByRole('button', { name: EPISODE_CREATOR_SHELL.useProcessed }).click();
    await atChooseAudio(page, UPLOAD);
    await buildDraft(page, third);
  });

  await test.step("My Podcasts' Publish All publishes both drafts, and the feed lists all three", async () => {
    await page.goto('/dashboard/podcasts');
    const showCard = page.getByRole('article', { name: SHOW });
    const publishAll = showCard.getByRole('button', { name: 'Publish All (2)' });
    await expect(publishAll).toBeVisible({ timeout: 30_000 });
    await shot(page, 'weekly-publish-all-desktop');
    await publishAll.click();
    // The result counts: both drafts started.
    await expect(page.getByText('2 started.')).toBeVisible();
    await expect
      .poll(async () => (await episodes()).map((e) => [e.title, e.status]).sort(), { timeout: 120_000 })
      .toEqual([first, second, third].map((title) => [title, 'published']).sort());
    // Once they are out, the card (following the jobs, no reload) has no drafts left to publish.
    await expect(showCard.getByText('3 episodes · 0 not published or scheduled')).toBeVisible({ timeout: 30_000 });
    await expect(showCard.getByRole('button', { name: /^Publish All/ })).toHaveCount(0);
    await expect
      .poll(async () => (await feedItems(page, show.rss_url)).map((i) => i.title).sort(), { timeout: 60_000 })
      .toEqual([third, second, first].sort());
    await shot(page, 'weekly-all-published-desktop');
  });
});
