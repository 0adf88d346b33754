/**
 * Issue 17 journey against the real launcher in Chromium: a show with a cover and published
 * episodes gets its site generated in the Website Builder, changed by chat, the change undone,
 * published, and opened at its public path at desktop and phone widths.
 */
import { ONBOARDING, WEBSITE_MESSAGES } from '@ppp/contracts';
import { openOrm } from '@ppp/server/db';
import { LocalStorage } from '@ppp/server/domain';
import { seedAssembledEpisode, seedShow } from '@ppp/server/test-support';
import { twoColourCover } from '../../server/test/support/website.ts';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DESKTOP, PHONE, launcherDatabaseUrl, registerAndSignIn, shot, type Viewport } from './harness.ts';

test.use({ launcherEnv: {} });

let token = '';
const CREATOR = { email: 'sitebuilder@example.com', password: 'correct horse battery' };
const SHOW = 'Harbour Lights Weekly';
const pageOptions = () => ({ token, storage: { [ONBOARDING.storage.fullPage]: '0' } });

test.beforeAll(async ({ app, scratchDir }) => {
  token = await registerAndSignIn(app.baseUrl, CREATOR);
  const me = (await (await fetch(`${app.baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    id: string;
  };
  const orm = await openOrm(await launcherDatabaseUrl(app), { poolMax: 2 });
  try {
    const store = new LocalStorage(app.storageDir);
    const showId = await seedShow(orm, store, me.id, SHOW, await twoColourCover(scratchDir));
    const titles = ['The lighthouse keeper', 'Fog signals and foghorns', 'A night on the breakwater'];
    for (const [i, title] of titles.entries()) {
      await seedAssembledEpisode(
        orm,
        store,
        scratchDir,
        { userId: me.id, podcastId: showId },
        { title, status: 'published', publishAt: new Date(Date.now() - (i + 1) * 86_400_000), seconds: 3 },
      );
    }
  } finally {
    await orm.close();
  }
});

/** The hero's cover keeps its square shape whatever the column's width (the img's height attribute once stretched it). */
async function expectSquareCover(cover: Locator): Promise<void> {
  await expect(cover).toBeVisible();
  const box = await cover.boundingBox();
  expect(box).not.toBeNull();
  expect(Math.abs((box?.width ?? 0) - (box?.height ?? 1))).toBeLessThanOrEqual(1);
}

test.describe('Website Builder journey', () => {
  test('generates, changes by chat, undoes, publishes, and the site opens at its public path', async ({ openPage }) => {
    const page = await openPage(DESKTOP, pageOptions());
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Website Builder' }).first().click();
    await expect(page.getByText('No site yet')).toBeVisible();
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByTestId('website-status')).toHaveText('draft');
    const frame = page.frameLocator('iframe[title="Site preview"]');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(SHOW);
    await expect(frame.getByRole('heading', { name: 'Fog signals and foghorns' })).toBeVisible();
    await shot(page, 'website-builder-generated-desktop');

    await page.getByLabel('What would you like to change?').fill('Make it green and call it Harbour Lights');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(/^Set the primary colour to green \(#16a34a\)\..*Changed the title to “Harbour Lights”\.$/)).toBeVisible();
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Harbour Lights');
    await expectSquareCover(frame.getByRole('img', { name: `Cover art of ${SHOW}` }));
    await page.getByLabel('What would you like to change?').fill('Add a section about our guests');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(frame.getByRole('heading', { name: 'Guests' })).toBeVisible();
    await shot(page, 'website-builder-chat-desktop');

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(frame.getByRole('heading', { name: 'Guests' })).toHaveCount(0);
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Harbour Lights');

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByTestId('website-status')).toHaveText('published');
    const link = page.getByRole('link', { name: /\/sites\/harbour-lights-weekly\// });
    await expect(link).toHaveAttribute('href', /\/sites\/harbour-lights-weekly\/$/);
    await expect(frame.getByRole('status')).toHaveText(WEBSITE_MESSAGES.previewPublished);
    await shot(page, 'website-builder-published-desktop');

    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as [Viewport, string][]) {
      const site = await openPage(viewport, pageOptions());
      const res = await site.goto(`/sites/harbour-lights-weekly/`);
      expect(res?.status()).toBe(200);
      await expect(site.getByRole('heading', { level: 1 })).toHaveText('Harbour Lights');
      await expect(site.locator('audio')).toHaveCount(3);
      expect(await site.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectSquareCover(site.getByRole('img', { name: `Cover art of ${SHOW}` }));
      await shot(site, `website-public-${name}`, true);
    }

    const phone = await openPage(PHONE, pageOptions());
    await phone.goto('/dashboard/website');
    await expect(phone.getByTestId('website-status')).toHaveText('published');
    await expectSquareCover(phone.frameLocator('iframe[title="Site preview"]').getByRole('img', { name: `Cover art of ${SHOW}` }));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(phone, 'website-builder-phone', true);
  });
});
