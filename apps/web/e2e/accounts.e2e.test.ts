/**
 * The first journey of issue 2: the first user registers and lands in the workspace as admin; a
 * second user registers inactive, verifies with the code from the outbox, signs out and in again.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@ppp/contracts';
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
} from './harness.ts';

let app: RunningApp;
let browser: Browser;

const ADMIN = { email: 'founder@example.com', password: 'correct horse battery' };
const CREATOR = { email: 'creator@example.com', password: 'another good password' };

const newPage = (viewport: Viewport): Promise<Page> => openJourneyPage(browser, app.baseUrl, viewport);

async function shot(page: Page, name: string) {
  await page.waitForTimeout(300); // let transitions settle
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}

/** The admin's token from the first journey, or a fresh one through the REST twin of sign-in. */
async function adminTokenOr(existing: string): Promise<string> {
  if (existing) return existing;
  const res = await fetch(`${app.baseUrl}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function outboxCode(existingToken: string, to: string): Promise<string> {
  const adminToken = await adminTokenOr(existingToken);
  const res = await fetch(`${app.baseUrl}/api/admin/mail/outbox?to=${encodeURIComponent(to)}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(res.status).toBe(200);
  const messages = (await res.json()) as Array<{ text: string }>;
  const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchChromium()]);
});

afterAll(async () => {
  await closeJourneyPages();
  await browser?.close().catch(() => undefined);
  await app?.stop();
});

describe('accounts journey', () => {
  let adminToken = '';
  let adminPage: Page | null = null;

  it('the first user registers through the dialog and lands in the workspace as admin', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/');
    await expect.poll(() => page.getByRole('button', { name: MESSAGES.makeFirstEpisode }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('50K+').isVisible()).toBe(true);
    await shot(page, 'landing-desktop');

    await page.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => dialog.getByText(MESSAGES.emailRequired).isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText(MESSAGES.passwordRequired).isVisible()).toBe(true);
    await shot(page, 'signin-desktop');

    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await dialog.getByLabel('Email').fill(ADMIN.email);
    await dialog.getByLabel(/^Password/).fill(ADMIN.password);
    await dialog.getByRole('checkbox').check();
    await shot(page, 'register-desktop');
    await dialog.getByRole('button', { name: 'Create account' }).click();

    await expect.poll(() => page.getByRole('heading', { name: /^Welcome, / }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByText('Admin', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('breadcrumb-view').textContent()).toBe('Dashboard');
    expect(await page.getByText('Plus Plus workspace').isVisible()).toBe(true);
    await shot(page, 'workspace-desktop');

    // Settings: name form, display options, and the greeting follows the saved name.
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Settings', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Settings', level: 1 }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${app.baseUrl}/dashboard/settings`);
    const save = page.getByRole('button', { name: 'Save name' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await expect.poll(() => save.isDisabled()).toBe(true);
    await shot(page, 'settings-desktop');

    const largerText = page.getByRole('switch', { name: /Larger text/ });
    await largerText.check();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('ppp.displayOptions'))).toContain('"largeText":true');
    await page.reload();
    await expect.poll(() => largerText.isChecked()).toBe(true);
    await shot(page, 'settings-large-text-desktop');
    await largerText.uncheck();
    const highContrast = page.getByRole('switch', { name: /High contrast/ });
    await highContrast.check();
    await shot(page, 'settings-high-contrast-desktop');
    await highContrast.uncheck();

    await page.getByRole('navigation', { name: 'Top bar' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Ada' }).isVisible()).toBe(true);

    adminToken = (await page.evaluate(() => localStorage.getItem('authToken'))) ?? '';
    expect(adminToken).not.toBe('');
    adminPage = page;
  });

  it('a second user registers inactive, verifies the code from the outbox, signs out and in again', async () => {
    const page = await newPage(PHONE);
    await page.goto('/');
    await expect.poll(() => page.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
    await shot(page, 'landing-phone');

    await page.goto('/?login=1');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    await shot(page, 'signin-phone');

    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await dialog.getByLabel('Email').fill(CREATOR.email);
    await dialog.getByLabel(/^Password/).fill(CREATOR.password);
    // The Terms box is required: without it the form says so and creates nothing (issue 19).
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => dialog.getByText(MESSAGES.termsRequired).isVisible()).toBe(true);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Create account' }).click();

    const codeInput = dialog.getByLabel('Verification code');
    await expect.poll(() => codeInput.isVisible()).toBe(true);
    await codeInput.fill('12ab');
    expect(await codeInput.inputValue()).toBe('12');
    await codeInput.fill('000000');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    const code = await outboxCode(adminToken, CREATOR.email);
    if (code !== '000000') {
      await expect.poll(() => dialog.getByText(MESSAGES.invalidCode).isVisible()).toBe(true);
    }
    await shot(page, 'verify-phone');
    await codeInput.fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();

    // A closed alpha (new accounts not active): confirmed, the account waits on the waitlist and asks for access.
    await expect.poll(() => page.getByRole('button', { name: 'Request access' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByLabel(/^Note/).fill('Weekly creek recordings.');
    await page.getByRole('button', { name: 'Request access' }).click();
    await expect.poll(() => page.getByText(MESSAGES.waitlistSuccessTitle).isVisible()).toBe(true);

    // The administrator approves the request in the admin panel's Waitlist tab.
    if (!adminPage) throw new Error('the admin journey did not run');
    await adminPage.goto('/admin/waitlist');
    const request = adminPage.getByTestId(`waitlist-${CREATOR.email}`);
    await expect.poll(() => request.getByText('Weekly creek recordings.').isVisible()).toBe(true);
    await shot(adminPage, 'admin-waitlist-desktop');
    await request.getByRole('button', { name: `Approve ${CREATOR.email}` }).click();
    await expect.poll(() => request.getByText('approved').isVisible()).toBe(true);
    await page.reload();

    // Registered without ticking the terms box: the terms screen comes before the workspace.
    await expect.poll(() => page.getByRole('heading', { name: MESSAGES.updatedTerms }).isVisible(), { timeout: 20_000 }).toBe(true);
    await shot(page, 'terms-phone');
    await page.getByRole('button', { name: 'I Agree' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, creator' }).isVisible()).toBe(true);
    expect(await page.getByText('Admin', { exact: true }).count()).toBe(0);
    await shot(page, 'workspace-phone');

    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Settings', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Settings', level: 1 }).isVisible()).toBe(true);
    await shot(page, 'settings-phone');

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    await page.getByRole('button', { name: 'Sign In' }).click();
    await dialog.getByLabel('Email').fill(CREATOR.email);
    await dialog.getByLabel(/^Password/).fill('not the password');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => dialog.getByText(MESSAGES.invalidCredentials).isVisible()).toBe(true);
    await shot(page, 'wrong-password-phone');

    await dialog.getByLabel(/^Password/).fill(CREATOR.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, creator' }).isVisible()).toBe(true);
  });

  it('maintenance from the admin settings gates visitors but not the admin', async () => {
    if (!adminPage) throw new Error('the admin journey did not run');
    const admin = adminPage;
    await admin.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Admin panel' }).click();
    await admin.getByRole('tab', { name: 'Settings' }).click();
    // Each change is saved 400 ms after the last edit; the banner shows once the server has it.
    await admin.getByLabel('Maintenance message').fill('Upgrading the studio, back at noon.');
    await admin.getByRole('switch', { name: /Maintenance mode/ }).check();
    await expect.poll(() => admin.getByText('Maintenance mode is on').isVisible()).toBe(true);
    await expect.poll(() => admin.getByText(/Upgrading the studio, back at noon\./).count()).toBeGreaterThan(0);
    await shot(admin, 'admin-settings-desktop');

    const visitor = await newPage(PHONE);
    await visitor.goto('/');
    await expect.poll(() => visitor.getByRole('heading', { name: MESSAGES.maintenanceTitle }).isVisible()).toBe(true);
    expect(await visitor.getByText('Upgrading the studio, back at noon.').isVisible()).toBe(true);
    await shot(visitor, 'maintenance-phone');

    await admin.reload();
    await admin.getByRole('switch', { name: /Maintenance mode/ }).uncheck();
    await expect.poll(() => admin.getByText('Maintenance mode is on').count()).toBe(0);
    await visitor.getByRole('button', { name: 'Try Again' }).click();
    await expect.poll(() => visitor.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
  });

  it('an account switched off by the admin sees the waitlist and can request access', async () => {
    const token = await adminTokenOr(adminToken);
    const login = await fetch(`${app.baseUrl}/api/auth/token`, {
      method: 'POST',
      body: new URLSearchParams({ username: CREATOR.email, password: CREATOR.password }),
    });
    const creatorToken = ((await login.json()) as { access_token: string }).access_token;
    const me = (await (await fetch(`${app.baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${creatorToken}` } })).json()) as {
      id: string;
    };
    const off = await fetch(`${app.baseUrl}/api/admin/users/${me.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ is_active: false }),
    });
    expect(off.status).toBe(200);

    const page = await newPage(DESKTOP);
    await page.goto('/?login=1');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(CREATOR.email);
    await dialog.getByLabel(/^Password/).fill(CREATOR.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Request access' }).isVisible()).toBe(true);
    await page.getByLabel(/^Note/).fill('A weekly show about birds.');
    await page.getByRole('button', { name: 'Request access' }).click();
    await expect.poll(() => page.getByText(MESSAGES.waitlistSuccessTitle).isVisible()).toBe(true);
    await shot(page, 'waitlist-desktop');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
  });

  it('signs in from an access_token in the URL hash and removes it from the URL', async () => {
    const token = await adminTokenOr(adminToken);
    const page = await newPage(DESKTOP);
    await page.goto(`/dashboard#access_token=${encodeURIComponent(token)}&token_type=bearer`);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Ada' }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${app.baseUrl}/dashboard`);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(token);
  });

  it('shows the verify, 404 and legal pages', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/verify');
    await expect.poll(() => page.getByText(MESSAGES.missingVerificationToken).isVisible()).toBe(true);
    await page.goto('/no-such-page');
    await expect.poll(() => page.getByRole('heading', { name: MESSAGES.pageNotFound }).isVisible()).toBe(true);
    await page.goto('/terms');
    await expect.poll(() => page.getByText(/September 16, 2025/).isVisible()).toBe(true);
    await shot(page, 'terms-page-desktop');
    await page.goto('/privacy');
    await expect.poll(() => page.getByText(/up to 24 months/).isVisible()).toBe(true);
  });
});
