/**
 * What the onboarding journeys share: a local feed of an old show to import, and the wizard's page
 * steps (waiting on the page itself through locators, so they serve any test runner).
 */
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { shot as screenshot } from './harness.ts';
import { startLocalFeed, type LocalFeed } from './local-feed.ts';

/** The wizard's screenshots are of the whole page unless told otherwise. */
export const shot = (page: Page, name: string, fullPage = true) => screenshot(page, name, fullPage);

function feedXml(origin: string): string {
  const items = [1, 2, 3]
    .map(
      (k) =>
        `<item><title>Harbour Tale ${k}</title><guid isPermaLink="false">harbour-tale-${k}</guid><pubDate>${new Date(Date.UTC(2024, 0, k, 9)).toUTCString()}</pubDate>` +
        `<description>Tale ${k} of the old harbour.</description><itunes:duration>0:02</itunes:duration>` +
        `<enclosure url="${origin}/audio/${k}.mp3" length="16000" type="audio/mpeg"/></item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel><title>Harbour Tales</title><description>Stories told on the old harbour wall.</description><language>en</language>
<itunes:author>The Harbour Crew</itunes:author><itunes:image href="${origin}/cover.png"/>
${items}
</channel></rss>`;
}

export type HarbourFeed = LocalFeed;

/** Serves /harbour.rss (three episodes with audio and a cover), /broken.rss and their files on loopback. */
export async function startHarbourFeed(dir: string, coverFile: string): Promise<HarbourFeed> {
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x1d3557:s=1400x1400', '-frames:v', '1', coverFile]);
  return startLocalFeed(dir, feedXml, { coverFile });
}

export const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });

/** The show details step's primary category (the feed check asks every show for one). */
export async function chooseCategory(page: Page, category: string) {
  await page.getByRole('combobox', { name: 'Primary category' }).click();
  await page.getByRole('option', { name: category, exact: true }).click();
}

function check(condition: boolean, what: string) {
  if (!condition) throw new Error(what);
}

/** Waits for the step's title, and checks its 'Step n of 12' when given. */
export async function atStep(page: Page, title: string, number: string | null = null) {
  await page.getByRole('heading', { name: title, level: 1, exact: true }).waitFor({ timeout: 30_000 });
  if (number) {
    const shown = await page.getByTestId('onboarding-step-number').innerText();
    check(shown === number, `the step says '${shown}', not '${number}'`);
  }
}

export async function dismissTour(page: Page, screenshot?: string) {
  const tour = page.getByText('A quick tour').first();
  await tour.waitFor({ timeout: 30_000 });
  if (screenshot) await shot(page, screenshot, false);
  await page.getByRole('button', { name: 'Got it' }).click();
  await tour.waitFor({ state: 'hidden', timeout: 30_000 });
}

/** The three scripts of the intro and outro rounds: each unlike the last, so no round is a 'similar clip'. */
export async function writeScripts(page: Page, intro: string, outro: string) {
  await page.getByLabel('Intro script').fill(intro);
  await page.getByLabel('Outro script').fill(outro);
}

export async function generateClips(page: Page) {
  await next(page).click();
  await atStep(page, 'Review your intro and outro', 'Step 7 of 12');
  await page.locator('audio').nth(1).waitFor({ state: 'attached', timeout: 30_000 });
  check((await page.locator('audio').count()) === 2, 'the review step plays two clips');
}

export type Clip = {
  id: string;
  category: string;
  display_name: string;
  filename: string;
  duration_seconds: number | null;
  content_type: string;
};

/** Clicks the calendar days at these positions among the ones offered (past days are blank) and answers their dates. */
export async function pickDates(page: Page, positions: number[]): Promise<string[]> {
  const days = page.locator('table button[aria-label]');
  const picked: string[] = [];
  for (const position of positions) {
    const day = days.nth(position);
    picked.push((await day.getAttribute('aria-label')) ?? '');
    await day.click();
    check((await day.getAttribute('aria-pressed')) === 'true', `${picked.at(-1)} is picked`);
  }
  return picked;
}

/** The lines of a row of the finish step's summary. */
export async function summaryLines(page: Page, row: string): Promise<string[]> {
  return page.getByTestId(`summary-${row}`).getByRole('paragraph').allInnerTexts();
}
