/**
 * The first journey of issue 2: the first user registers and lands in the workspace as admin; a
 * second user registers inactive, verifies with the code from the outbox, signs out and in again.
 * Each test makes the accounts it needs, so any one runs alone (`-g`): the admin is the instance's
 * first account, made through the dialog by the first test or through REST when that did not run.
 */
import { MESSAGES } from '@ppp/contracts';
import { DESKTOP, PHONE, type RunningApp, outboxCode, registerAndSignIn, registerConfirmedAccount, shot } from './harness.ts';
import { expect, test } from './fixtures.ts';

test.use({ launcherEnv: {} });

let app: RunningApp;

const ADMIN = { email: 'founder@example.com', password: 'correct horse battery' };
const CREATOR = { email: 'creator@example.com', password: 'another good password' };

/** The admin's token through the REST twin of sign-in, the account made first (named Ada Lovelace, as the first test names it) when it is not there. */
async function adminToken(): Promise<string> {
  const res = await fetch(`${app.baseUrl}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
  });
  if (res.ok) return ((await res.json()) as { access_token: string }).access_token;
  const token = await registerAndSignIn(app.baseUrl, ADMIN);
  const named = await fetch(`${app.baseUrl}/api/auth/users/me/prefs`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace' }),
  });
  expect(named.status).toBe(200);
  return token;
}

test.beforeAll(async ({ app: started }) => {
  app = started;
});

test.describe('accounts journey', () => {
  test('the first user registers through the dialog and lands in the workspace as admin', async ({ openPage }) => {
    const page = await openPage(DESKTOP);
    await page.goto('/');
    await expect(page.getByRole('button', { name: MESSAGES.makeFirstEpisode }).first()).toBeVisible();
    await expect(page.getByText('50K+')).toBeVisible();
    await shot(page, 'landing-desktop');

    await page.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByText(MESSAGES.emailRequired)).toBeVisible();
    await expect(dialog.getByText(MESSAGES.passwordRequired)).toBeVisible();
    await shot(page, 'signin-desktop');

    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await dialog.getByLabel('Email').fill(ADMIN.email);
    await dialog.getByLabel(/^Password/).fill(ADMIN.password);
    await dialog.getByRole('checkbox').check();
    await shot(page, 'register-desktop');
    await dialog.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await expect(page.getByText('Admin', { exact: true })).toBeVisible();
    await expect(page.getByTestId('breadcrumb-view')).toHaveText('Dashboard');
    await expect(page.getByText('Plus Plus workspace')).toBeVisible();
    await shot(page, 'workspace-desktop');

    // Settings: name form, display options, and the greeting follows the saved name.
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(`${app.baseUrl}/dashboard/settings`);
    const save = page.getByRole('button', { name: 'Save name' });
    await expect(save).toBeDisabled();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(save).toBeDisabled();
    await shot(page, 'settings-desktop');

    const largerText = page.getByRole('switch', { name: /Larger text/ });
    await largerText.check();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('ppp.displayOptions'))).toContain('"largeText":true');
    await page.reload();
    await expect(largerText).toBeChecked();
    await shot(page, 'settings-large-text-desktop');
    await largerText.uncheck();
    const highContrast = page.getByRole('switch', { name: /High contrast/ });
    await highContrast.check();
    await shot(page, 'settings-high-contrast-desktop');
    await highContrast.uncheck();

    await page.getByRole('navigation', { name: 'Top bar' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
  });

  test('a second user registers inactive, verifies the code from the outbox, signs out and in again', async ({ openPage }) => {
    const admin = await adminToken();
    const page = await openPage(PHONE);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await shot(page, 'landing-phone');

    await page.goto('/?login=1');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await shot(page, 'signin-phone');

    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await dialog.getByLabel('Email').fill(CREATOR.email);
    await dialog.getByLabel(/^Password/).fill(CREATOR.password);
    // The Terms box is required: without it the form says so and creates nothing (issue 19).
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog.getByText(MESSAGES.termsRequired)).toBeVisible();
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Create account' }).click();

    const codeInput = dialog.getByLabel('Verification code');
    await expect(codeInput).toBeVisible();
    await codeInput.fill('12ab');
    await expect(codeInput).toHaveValue('12');
    await codeInput.fill('000000');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    const code = await outboxCode(app.baseUrl, admin, CREATOR.email);
    if (code !== '000000') {
      await expect(dialog.getByText(MESSAGES.invalidCode)).toBeVisible();
    }
    await shot(page, 'verify-phone');
    await codeInput.fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();

    // A closed alpha (new accounts not active): confirmed, the account waits on the waitlist and asks for access.
    await expect(page.getByRole('button', { name: 'Request access' })).toBeVisible();
    await page.getByLabel(/^Note/).fill('Weekly creek recordings.');
    await page.getByRole('button', { name: 'Request access' }).click();
    await expect(page.getByText(MESSAGES.waitlistSuccessTitle)).toBeVisible();

    // The administrator approves the request in the admin panel's Waitlist tab.
    // The administrator in a window of their own.
    const adminPage = await openPage(DESKTOP, { token: admin });
    await adminPage.goto('/admin/waitlist');
    const request = adminPage.getByTestId(`waitlist-${CREATOR.email}`);
    await expect(request.getByText('Weekly creek recordings.')).toBeVisible();
    await shot(adminPage, 'admin-waitlist-desktop');
    await request.getByRole('button', { name: `Approve ${CREATOR.email}` }).click();
    await expect(request.getByText('approved')).toBeVisible();
    await page.reload();

    // The ticked box accepted the current terms (issue 19): no second Terms screen before the workspace.
    await expect(page.getByRole('heading', { name: 'Welcome, creator' })).toBeVisible();
    await expect(page.getByRole('heading', { name: MESSAGES.updatedTerms })).toHaveCount(0);
    await expect(page.getByText('Admin', { exact: true })).toHaveCount(0);
    await shot(page, 'workspace-phone');

    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await shot(page, 'settings-phone');

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    await page.getByRole('button', { name: 'Sign In' }).click();
    await dialog.getByLabel('Email').fill(CREATOR.email);
    await dialog.getByLabel(/^Password/).fill('not the password');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByText(MESSAGES.invalidCredentials)).toBeVisible();
    await shot(page, 'wrong-password-phone');

    await dialog.getByLabel(/^Password/).fill(CREATOR.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, creator' })).toBeVisible();
  });

  test('maintenance from the admin settings gates visitors but not the admin', async ({ openPage }) => {
    const admin = await openPage(DESKTOP, { token: await adminToken() });
    await admin.goto('/dashboard');
    await admin.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Admin panel' }).click();
    await admin.getByRole('tab', { name: 'Settings' }).click();
    // Each change is saved 400 ms after the last edit; the banner shows once the server has it.
    await admin.getByLabel('Maintenance message').fill('Upgrading the studio, back at noon.');
    await admin.getByRole('switch', { name: /Maintenance mode/ }).check();
    await expect(admin.getByText('Maintenance mode is on')).toBeVisible();
    await expect(admin.getByText(/Upgrading the studio, back at noon\./).first()).toBeAttached();
    await shot(admin, 'admin-settings-desktop');

    const visitor = await openPage(PHONE);
    await visitor.goto('/');
    await expect(visitor.getByRole('heading', { name: MESSAGES.maintenanceTitle })).toBeVisible();
    await expect(visitor.getByText('Upgrading the studio, back at noon.')).toBeVisible();
    await shot(visitor, 'maintenance-phone');

    await admin.reload();
    await admin.getByRole('switch', { name: /Maintenance mode/ }).uncheck();
    await expect(admin.getByText('Maintenance mode is on')).toHaveCount(0);
    await visitor.getByRole('button', { name: 'Try Again' }).click();
    await expect(visitor.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('an account switched off by the admin is told so at sign-in and gets no session (issue 35)', async ({ openPage }) => {
    const token = await adminToken();
    const BIRDER = { email: 'birder@example.com', password: 'a third good password' };
    const creatorToken = await registerConfirmedAccount(app.baseUrl, BIRDER, token);
    const me = (await (await fetch(`${app.baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${creatorToken}` } })).json()) as {
      id: string;
    };
    const off = await fetch(`${app.baseUrl}/api/admin/users/${me.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ is_active: false }),
    });
    expect(off.status).toBe(200);

    const page = await openPage(DESKTOP);
    await page.goto('/?login=1');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(BIRDER.email);
    await dialog.getByLabel(/^Password/).fill(BIRDER.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByText(MESSAGES.accountDisabled)).toBeVisible();
    await shot(page, 'disabled-sign-in-desktop');
    // The token it held before is refused too.
    expect((await fetch(`${app.baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${creatorToken}` } })).status).toBe(401);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('signs in from an access_token in the URL hash and removes it from the URL', async ({ openPage }) => {
    const token = await adminToken();
    const page = await openPage(DESKTOP);
    await page.goto(`/dashboard#access_token=${encodeURIComponent(token)}&token_type=bearer`);
    await expect(page.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible();
    await expect(page).toHaveURL(`${app.baseUrl}/dashboard`);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(token);
  });

  test('shows the verify, 404 and legal pages', async ({ openPage }) => {
    const page = await openPage(DESKTOP);
    await page.goto('/verify');
    await expect(page.getByText(MESSAGES.missingVerificationToken)).toBeVisible();
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: MESSAGES.pageNotFound })).toBeVisible();
    await page.goto('/terms');
    await expect(page.getByText(/September 16, 2025/)).toBeVisible();
    await shot(page, 'terms-page-desktop');
    await page.goto('/privacy');
    await expect(page.getByText(/up to 24 months/)).toBeVisible();
  });
});
