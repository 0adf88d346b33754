/**
 * Issue 10, the onboarding host step with Spreaker set up (spec 002 §2.9, spec 001 §4 'Hosting
 * connection'): the launcher talks to SpreakerSandbox (Spreaker's OAuth token endpoint and API as its
 * documentation shows), and Spreaker's own sign-in page is stood in for by a redirect straight back to
 * the callback with a code. An account already connected is recognised when the step opens; connecting
 * in the 600x700 popup ends with the callback page's spreaker_connected message and counts as
 * connected; a refused code says 'Connection error'.
 */
import type { Page } from '@playwright/test';
import { ONBOARDING_MESSAGES } from '@ppp/contracts';
import { connectSpreakerAccount } from '@ppp/server/test-support';
import { DESKTOP, PHONE, registerConfirmedAccount, type RunningApp, type Viewport } from './harness.ts';
import { expect, type OpenPageOptions } from './fixtures.ts';
import { withSpreakerSandbox } from './spreaker-fixtures.ts';
import { atStep, dismissTour, next, shot } from './onboarding-support.ts';

const AUTHORIZE = 'http://spreaker-signin.test/oauth2/authorize';

/** The launcher talks to the Spreaker sandbox; Spreaker's sign-in page is the stand-in's redirect. */
const test = withSpreakerSandbox({ SPREAKER_AUTHORIZE_URL: AUTHORIZE });
// One app for the file: its tests go on from what the earlier ones left.
test.describe.configure({ mode: 'serial' });

let app: RunningApp;
let operatorToken = '';
const PASSWORD = 'correct horse battery';

const account = (email: string) => registerConfirmedAccount(app.baseUrl, { email, password: PASSWORD }, operatorToken);

/** The host step of a fresh wizard, with Spreaker's sign-in answering code at once. */
async function hostStep(
  openPage: (viewport: Viewport, options: OpenPageOptions) => Promise<Page>,
  token: string,
  viewport: Viewport,
  code: string,
): Promise<Page> {
  // Opened at the public origin Spreaker sends the popup back to, so the callback page and its opener share an origin.
  // Spreaker's own sign-in page (a third party's, not the app's) answers with the code at once.
  const page = await openPage(viewport, { baseUrl: app.baseUrl.replace('127.0.0.1', 'localhost'), token, onboardingDone: false });
  await page.context().route(`${AUTHORIZE}**`, (route) => {
    const asked = new URL(route.request().url());
    const back = new URL(asked.searchParams.get('redirect_uri') ?? '');
    back.searchParams.set('code', code);
    back.searchParams.set('state', asked.searchParams.get('state') ?? '');
    return route.fulfill({ status: 302, headers: { location: back.toString() } });
  });
  await page.goto('/onboarding?step=9');
  await dismissTour(page);
  await atStep(page, 'Where will your show live?', 'Step 9 of 12');
  return page;
}

const spreakerCard = (page: Page) => page.getByRole('region', { name: 'Spreaker' });

test.beforeAll(async ({ app: started }) => {
  app = started;
  operatorToken = await account('operator@example.com');
});

test.describe('onboarding host step with Spreaker', () => {
  test('recognises an account already connected to Spreaker when the step opens', async ({ openPage }) => {
    const token = await account('connected-before@example.com');
    // Connected earlier (in settings, say): the popup's two calls made directly.
    expect((await connectSpreakerAccount(app.baseUrl, token)).status).toBe(200);

    const page = await hostStep(openPage, token, DESKTOP, 'good-code');
    await expect(spreakerCard(page).getByText('Connected', { exact: true })).toBeVisible();
    await expect(spreakerCard(page).getByRole('button', { name: 'Connected to Spreaker' })).toBeVisible();
    await shot(page, 'onboarding-09-host-connected-desktop', false);
    await next(page).click();
    await atStep(page, 'How often will you publish?', 'Step 10 of 12');
  });

  test("connects in the popup: the callback page's spreaker_connected message counts as connected", async ({ openPage }) => {
    const token = await account('connects-now@example.com');
    const page = await hostStep(openPage, token, PHONE, 'good-code');
    await expect(spreakerCard(page).getByText('Connected', { exact: true })).toHaveCount(0);
    const popup = page.waitForEvent('popup');
    await spreakerCard(page).getByRole('button', { name: 'Connect Spreaker' }).click();
    // The popup runs the real OAuth round trip and closes itself after posting to its opener.
    await (await popup).waitForEvent('close', { timeout: 20_000 });
    await expect(spreakerCard(page).getByText('Connected', { exact: true })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await shot(page, 'onboarding-09-host-connected-phone');
    await next(page).click();
    await atStep(page, 'How often will you publish?', 'Step 10 of 12');
  });

  test('says Connection error when Spreaker refuses the code, and the step still needs a host', async ({ openPage }) => {
    const token = await account('refused@example.com');
    const page = await hostStep(openPage, token, DESKTOP, 'bad-code');
    const popup = page.waitForEvent('popup');
    await spreakerCard(page).getByRole('button', { name: 'Connect Spreaker' }).click();
    await (await popup).waitForEvent('close', { timeout: 20_000 });
    await expect(page.getByRole('alert')).toHaveText(ONBOARDING_MESSAGES.connectionError);
    await shot(page, 'onboarding-09-host-refused-desktop', false);
    // Not connected: Next stays on the step, and the built-in host still lets the creator on.
    await next(page).click();
    // Nothing on screen changes (the connection error stays the step's message): give Next its moment.
    await page.waitForTimeout(500);
    await expect(page.getByTestId('onboarding-step-number')).toHaveText('Step 9 of 12');
    await page.getByRole('button', { name: 'Use the built-in host' }).click();
    await next(page).click();
    await atStep(page, 'How often will you publish?', 'Step 10 of 12');
  });
});
