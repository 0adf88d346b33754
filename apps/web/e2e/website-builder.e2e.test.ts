/**
 * Issue 17 journey against the real launcher in Chromium: a show with a cover and published
 * episodes gets its site generated in the Website Builder, changed by chat, the change undone,
 * published, and opened at its public path at desktop and phone widths.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ONBOARDING } from '@ppp/contracts';
import { openOrm } from '@ppp/server/db';
import { LocalStorage } from '@ppp/server/domain';
import { seedAssembledEpisode, seedShow } from '@ppp/server/test-support';
import { twoColourCover } from '../../server/test/support/website.ts';
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
const files = mkdtempSync(path.join(tmpdir(), 'ppp-e2e-website-'));
const storageDir = mkdtempSync(path.join(tmpdir(), 'ppp-e2e-website-storage-'));
const CREATOR = { email: 'sitebuilder@example.com', password: 'correct horse battery' };
const SHOW = 'Harbour Lights Weekly';

const newPage = (viewport: Viewport): Promise<Page> =>
  openJourneyPage(browser, app.baseUrl, viewport, { token, storage: { [ONBOARDING.storage.fullPage]: '0' } });
async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

beforeAll(async () => {
  pgPort = await freePort();
  [app, browser] = await Promise.all([startApp({ EMBEDDED_PG_PORT: String(pgPort), STORAGE_DIR: storageDir }), launchChromium()]);
  token = await registerAndSignIn(app.baseUrl, CREATOR);
  const me = (await (await fetch(`${app.baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    id: string;
  };
  const orm = await openOrm(await launcherDatabaseUrl(app, pgPort), { poolMax: 2 });
  try {
    const store = new LocalStorage(storageDir);
    const showId = await seedShow(orm, store, me.id, SHOW, await twoColourCover(files));
    const titles = ['The lighthouse keeper', 'Fog signals and foghorns', 'A night on the breakwater'];
    for (const [i, title] of titles.entries()) {
      await seedAssembledEpisode(
        orm,
        store,
        files,
        { userId: me.id, podcastId: showId },
        {
          title,
          status: 'published',
          publishAt: new Date(Date.now() - (i + 1) * 86_400_000),
          seconds: 3,
        },
      );
    }
  } finally {
    await orm.close();
  }
});

afterAll(async () => {
  await closeJourneyPages();
  await browser?.close().catch(() => undefined);
  await app?.stop();
  rmSync(files, { recursive: true, force: true });
  rmSync(storageDir, { recursive: true, force: true });
});

describe('Website Builder journey', () => {
  it('generates, changes by chat, undoes, publishes, and the site opens at its public path', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Website Builder' }).first().click();
    await eventually(() => page.getByText('No site yet').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Generate' }).click();
    await eventually(() => page.getByTestId('website-status').textContent()).toBe('draft');
    const frame = page.frameLocator('iframe[title="Site preview"]');
    await eventually(() => frame.getByRole('heading', { level: 1 }).textContent()).toBe(SHOW);
    await eventually(() => frame.getByRole('heading', { name: 'Fog signals and foghorns' }).isVisible()).toBe(true);
    await shot(page, 'website-builder-generated-desktop');

    await page.getByLabel('What would you like to change?').fill('Change the title to Harbour Lights');
    await page.getByRole('button', { name: 'Send' }).click();
    await eventually(() => page.getByText('Changed the title to “Harbour Lights”.').isVisible()).toBe(true);
    await eventually(() => frame.getByRole('heading', { level: 1 }).textContent()).toBe('Harbour Lights');
    await page.getByLabel('What would you like to change?').fill('Add a section about our guests');
    await page.getByRole('button', { name: 'Send' }).click();
    await eventually(() => frame.getByRole('heading', { name: 'Guests' }).isVisible()).toBe(true);
    await shot(page, 'website-builder-chat-desktop');

    await page.getByRole('button', { name: 'Undo' }).click();
    await eventually(() => frame.getByRole('heading', { name: 'Guests' }).count()).toBe(0);
    await eventually(() => frame.getByRole('heading', { level: 1 }).textContent()).toBe('Harbour Lights');

    await page.getByRole('button', { name: 'Publish' }).click();
    await eventually(() => page.getByTestId('website-status').textContent()).toBe('published');
    const link = page.getByRole('link', { name: /\/sites\/harbour-lights-weekly\// });
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/\/sites\/harbour-lights-weekly\/$/);
    await shot(page, 'website-builder-published-desktop');

    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const site = await newPage(viewport);
      const res = await site.goto(`/sites/harbour-lights-weekly/`);
      expect(res?.status()).toBe(200);
      expect(await site.getByRole('heading', { level: 1 }).textContent()).toBe('Harbour Lights');
      expect(await site.locator('audio').count()).toBe(3);
      expect(await site.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shot(site, `website-public-${name}`, true);
    }
  });
});
