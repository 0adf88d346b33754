/**
 * The admin panel journey (issue 16): an operator with no show opens /admin directly and goes
 * through every side tab at desktop width (Analytics' charts and ranges, the tier of new accounts,
 * the demo show of Dev Tools); the users table on a phone; a creator is sent back; last, the
 * database reset of an instance started with DEV_TOOLS=true leaves only the operator.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ADMIN_DB, ADMIN_MESSAGES, ADMIN_TABS, DEV_TOOLS, DEV_TOOLS_MESSAGES, MESSAGES, MUSIC_ADMIN_MESSAGES } from '@ppp/contracts';
import { DESKTOP, PHONE, apiClient, registerAndSignIn, registerConfirmedAccount, shot, type RunningApp } from './harness.ts';
import { expect, test } from './fixtures.ts';

test.use({ launcherEnv: { DEV_TOOLS: 'true', IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1' } });
// The tests go on from one another (the last resets the database).
test.describe.configure({ mode: 'serial' });

let app: RunningApp;
let adminToken = '';
let creatorToken = '';
let remote: { server: Server; origin: string } | undefined;

/** A local HTTP server with one audio file, for the music import by URL. */
async function serveFile(urlPath: string, body: Buffer): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    if (req.url !== urlPath) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(body.length) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A short real MP3 (a tone) made by ffmpeg. */
function toneFile(dir: string, name: string): string {
  const dest = path.join(dir, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=3', dest]);
  return dest;
}

const OPERATOR = { email: 'operator@example.com', password: 'correct horse battery' };
const CREATOR = { email: 'maker@example.com', password: 'another good password' };
const NEWCOMER = { email: 'newcomer@example.com', password: 'a third good password' };

async function openTab(page: Page, label: string) {
  await page.getByRole('tab', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

test.beforeAll(async ({ app: started, scratchDir }) => {
  app = started;
  // The music import fetches from a server on this machine, as the RSS import journeys do.
  remote = await serveFile('/beds/morning-bed.mp3', readFileSync(toneFile(scratchDir, 'morning-bed.mp3')));
  adminToken = await registerAndSignIn(app.baseUrl, OPERATOR);
  creatorToken = await registerConfirmedAccount(app.baseUrl, CREATOR, adminToken);
});

test.afterAll(async () => {
  const server = remote?.server;
  if (server) await new Promise((resolve) => server.close(resolve));
});

test.describe('admin panel journey', () => {
  test('goes through every tab at desktop width', async ({ openPage, scratchDir }) => {
    const api = apiClient(
      () => app.baseUrl,
      () => adminToken,
    );
    const creatorApi = apiClient(
      () => app.baseUrl,
      () => creatorToken,
    );
    // No show and onboarding not done: /admin still opens the panel.
    const page = await openPage(DESKTOP, { token: adminToken, onboardingDone: false });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeVisible();
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs.slice(0, ADMIN_TABS.length)).toEqual(ADMIN_TABS.map((t) => t.label));
    await expect(page.getByTestId('summary-users')).toHaveText('2');
    await expect(page.getByTestId('status-database')).toHaveText('ok');
    await expect(page.getByTestId('status-ffmpeg')).toHaveText(/^ffmpeg: \S+/);
    await shot(page, 'admin-overview-desktop');

    await openTab(page, 'Users');
    const row = page.getByTestId(`user-row-${CREATOR.email}`);
    await expect(row).toBeVisible();
    await row.getByLabel(`Tier of ${CREATOR.email}`, { exact: true }).click();
    await page.getByRole('option', { name: 'pro', exact: true }).click();
    const expiry = row.getByRole('textbox', { name: `Subscription expiry of ${CREATOR.email}` });
    await expiry.fill('02/30/2027');
    await expiry.blur();
    expect(await expiry.getAttribute('aria-invalid')).toBe('true');
    await expiry.fill('01/31/2027');
    // The list's refetch after the save carries the saved expiry, the base of +1M.
    const refetched = page.waitForResponse(
      async (r) => r.url().includes('admin.users') && r.request().method() === 'GET' && (await r.text()).includes('2027-01-31'),
    );
    await expiry.press('Enter');
    await expect
      .poll(async () => (await api('GET', '/api/admin/users/full')).body)
      .toMatchObject({
        items: expect.arrayContaining([
          expect.objectContaining({ email: CREATOR.email, tier: 'pro', subscription_expires_at: '2027-01-31T00:00:00.000Z' }),
        ]),
      });
    await refetched;
    await row.getByRole('button', { name: '+1M' }).click();
    await expect(expiry).toHaveValue('02/28/2027');
    await shot(page, 'admin-users-desktop');

    await openTab(page, 'Podcasts');
    await expect(page.getByTestId('podcasts-total')).toHaveText('0 shows');

    await openTab(page, 'Tier Editor');
    await expect(page.getByRole('table', { name: 'Tier configuration' })).toBeVisible();
    await shot(page, 'admin-tiers-desktop');

    await openTab(page, 'Front Page Content');
    await page.getByLabel('Reviews heading').fill('Operators love it');
    await page.getByRole('tab', { name: 'Preview' }).click();
    await expect(page.getByTestId('landing-preview').getByText('Operators love it')).toBeVisible();
    await shot(page, 'admin-landing-preview-desktop');
    await page.getByRole('tab', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Save front page' }).click();
    await expect.poll(async () => (await api('GET', '/api/public/landing')).body).toMatchObject({ reviews_heading: 'Operators love it' });

    await openTab(page, 'Settings');
    await page.getByRole('switch', { name: /Test mode/ }).check();
    await expect.poll(async () => (await api('GET', '/api/admin/settings')).body).toMatchObject({ test_mode: true });
    await page.getByRole('combobox', { name: 'Tier of new accounts' }).click();
    await page.getByRole('option', { name: 'Creator', exact: true }).click();
    await expect.poll(async () => (await api('GET', '/api/admin/settings')).body).toMatchObject({ default_tier: 'creator' });
    await shot(page, 'admin-settings-autosave-desktop');
    // The next account starts on the chosen tier.
    await registerConfirmedAccount(app.baseUrl, NEWCOMER, adminToken);
    await expect
      .poll(async () => (await api('GET', `/api/admin/users/full?search=${NEWCOMER.email}`)).body)
      .toMatchObject({ items: [expect.objectContaining({ email: NEWCOMER.email, tier: 'creator' })] });

    await openTab(page, 'Help & Docs');
    await expect(page.getByRole('heading', { name: 'Configuration' })).toBeVisible();
    await shot(page, 'admin-help-desktop');

    await openTab(page, 'Music Library');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByTestId('music-upload-problem')).toHaveText(MUSIC_ADMIN_MESSAGES.actionRequired);
    await page.locator('input[type=file]').setInputFiles({ name: 'notes.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('not audio') });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByTestId('music-upload-problem')).toHaveText('notes.mp3: only audio files are allowed for music.');
    await page.locator('input[type=file]').setInputFiles(toneFile(scratchDir, 'evening-bed.mp3'));
    await page.getByLabel('Display name').fill('Evening bed');
    await page.getByRole('combobox', { name: 'Mood tags' }).fill('calm');
    await page.getByRole('combobox', { name: 'Mood tags' }).press('Enter');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByTestId('music-row-Evening bed')).toBeVisible();
    await page.getByRole('button', { name: 'Edit Evening bed' }).click();
    await page.getByRole('dialog').getByLabel('Display name').fill('Late evening bed');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('music-row-Late evening bed')).toBeVisible();
    await shot(page, 'admin-music-desktop');
    // The creator's template music picker offers what the admin added.
    await expect
      .poll(async () => (await creatorApi('GET', '/api/music/assets')).body)
      .toMatchObject({
        assets: expect.arrayContaining([expect.objectContaining({ display_name: 'Late evening bed', mood_tags: ['calm'] })]),
      });
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Late evening bed' }).click();
    await expect(page.getByTestId('music-row-Late evening bed')).toHaveCount(0);
    // Import by URL: a wrong address is refused in the page, a real one is fetched by the server.
    const urlField = page.getByLabel('Or import from a URL');
    await urlField.fill('ftp://example.com/bed.mp3');
    await page.getByRole('button', { name: 'Import from URL' }).click();
    await expect(page.getByTestId('music-upload-problem')).toHaveText(MUSIC_ADMIN_MESSAGES.enterValidUrl);
    await urlField.fill(`${remote?.origin ?? ''}/beds/morning-bed.mp3`);
    await page.getByRole('button', { name: 'Import from URL' }).click();
    const imported = page.getByTestId('music-row-morning bed');
    await expect(imported).toBeVisible();
    await expect(imported.getByText('Imported', { exact: true })).toBeVisible();
    await shot(page, 'admin-music-import-desktop');

    await openTab(page, 'DB Explorer');
    await expect(page.getByText('No changes made through the explorer yet.')).toBeVisible();
    await page.getByPlaceholder('Choose a table').click();
    await page.getByRole('option', { name: /^users \(/ }).click();
    const creatorRow = page.getByRole('table', { name: 'Rows of users' }).getByRole('row').filter({ hasText: CREATOR.email });
    await expect(creatorRow.getByText(ADMIN_DB.hidden)).toBeVisible();
    await creatorRow.getByRole('button', { name: /^Edit row / }).click();
    await page.getByRole('dialog').getByLabel('first_name').fill('Casey');
    await page.getByRole('dialog').getByLabel('is_active').fill('maybe');
    await page.getByRole('dialog').getByRole('button', { name: 'Save row' }).click();
    await expect(page.getByTestId('db-edit-problem')).toHaveText('is_active: true or false');
    await page.getByRole('dialog').getByLabel('is_active').fill('true');
    await page.getByRole('dialog').getByRole('button', { name: 'Save row' }).click();
    await expect(creatorRow.getByText('Casey', { exact: true })).toBeVisible();
    const audit = page.getByRole('table', { name: 'Audit log' });
    await expect(audit.getByText(/first_name: .* → Casey/)).toBeVisible();
    await expect.poll(async () => (await api('GET', '/api/admin/db/audit')).body).toMatchObject({ total: 1 });
    await shot(page, 'admin-db-explorer-desktop');

    await openTab(page, 'Analytics');
    await expect.poll(() => page.getByTestId('analytics-body').getAttribute('data-range')).toBe('30d');
    // Three accounts were made today: the operator, the creator and the newcomer, all signed in today.
    await expect(page.getByTestId('analytics-signups-total')).toHaveText('3');
    await expect(page.getByTestId('analytics-active-today')).toHaveText('3');
    await expect(page.getByTestId('chart-active-users').locator('.recharts-area-curve')).toHaveCount(1);
    await expect(page.getByTestId('chart-signups').locator('.recharts-bar-rectangle').first()).toBeAttached();
    await expect(page.getByTestId('analytics-payments-off')).toBeVisible();
    await expect(page.getByTestId('admin-coming-soon')).toHaveCount(0);
    await shot(page, 'admin-analytics-30d-desktop');
    await page.getByText('7 days', { exact: true }).click();
    await expect.poll(() => page.getByTestId('analytics-body').getAttribute('data-range')).toBe('7d');
    await expect(page.getByTestId('analytics-signups-total')).toHaveText('3');
    await shot(page, 'admin-analytics-7d-desktop');

    await openTab(page, 'Dev Tools');
    await page.getByRole('button', { name: 'Make the demo show' }).click();
    await expect(page.getByTestId('seed-result')).toContainText('Demo show ready', { timeout: 60_000 });
    await expect
      .poll(async () => (await api('GET', '/api/admin/podcasts')).body)
      .toMatchObject({ items: [expect.objectContaining({ name: DEV_TOOLS.demoShowName, owner_email: OPERATOR.email })] });
    await expect(page.getByRole('button', { name: 'Reset the database' })).toBeDisabled();
    await shot(page, 'admin-dev-tools-desktop');

    await openTab(page, 'Jobs');
    await expect(page.getByRole('heading', { name: 'Failed jobs' })).toBeVisible();
    await shot(page, 'admin-jobs-desktop');

    await openTab(page, 'Mail Outbox');
    await expect(page.getByText(CREATOR.email).first()).toBeVisible();
    await shot(page, 'admin-outbox-desktop');

    await openTab(page, 'Waitlist');
    await expect(page.getByText('Nobody has asked for access yet.')).toBeVisible();

    await page.goto('/admin/not-a-tab');
    await expect(page.getByText(ADMIN_MESSAGES.comingSoon)).toBeVisible();
    await page.goto('/admin#/admin/jobs');
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  });

  test('shows the users table on a phone', async ({ openPage }) => {
    const page = await openPage(PHONE, { token: adminToken });
    await page.goto('/admin/users');
    await expect(page.getByLabel('Admin section')).toBeVisible();
    await expect(page.getByTestId(`user-row-${CREATOR.email}`)).toBeVisible();
    await shot(page, 'admin-users-phone');
  });

  test('sends a creator back to the dashboard with "Admin access denied"', async ({ openPage }) => {
    const page = await openPage(DESKTOP, { token: creatorToken });
    await page.goto('/admin/users');
    await expect(page.getByText(MESSAGES.adminAccessDenied)).toBeVisible();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
    await expect(page.getByTestId(`user-row-${CREATOR.email}`)).toHaveCount(0);
  });

  test('resets the database after the instance name is typed, leaving only the operator', async ({ openPage }) => {
    const page = await openPage(DESKTOP, { token: adminToken });
    await page.goto('/admin/dev');
    await expect(page.getByRole('heading', { level: 1, name: 'Dev Tools' })).toBeVisible();
    const label = page.getByText(/^Type \S+ to confirm$/);
    await expect(label).toBeVisible();
    const name = ((await label.textContent()) ?? '').replace(/^Type /, '').replace(/ to confirm$/, '');
    expect(name).toBe(new URL(app.baseUrl.replace('127.0.0.1', 'localhost')).host);
    const button = page.getByRole('button', { name: 'Reset the database' });
    await page.getByLabel(`Type ${name} to confirm`).fill('not the name');
    await expect(button).toBeDisabled();
    await page.getByLabel(`Type ${name} to confirm`).fill(name);
    await shot(page, 'admin-dev-tools-reset-confirm-desktop');
    await button.click();
    await expect(page.getByTestId('reset-result')).toContainText(DEV_TOOLS_MESSAGES.resetDone);
    await shot(page, 'admin-dev-tools-reset-done-desktop');
    const api = apiClient(
      () => app.baseUrl,
      () => adminToken,
    );
    await expect.poll(async () => (await api('GET', '/api/admin/summary')).body).toMatchObject({ users: 1, podcasts: 0 });
    const creatorApi = apiClient(
      () => app.baseUrl,
      () => creatorToken,
    );
    expect((await creatorApi('GET', '/api/users/me')).status).toBe(401);
  });
});
