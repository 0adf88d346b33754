/**
 * Issue 10, the onboarding host step with Spreaker set up (spec 002 §2.9, spec 001 §4 'Hosting
 * connection'): the launcher talks to SpreakerSandbox (Spreaker's OAuth token endpoint and API as its
 * documentation shows), and Spreaker's own sign-in page is stood in for by a redirect straight back to
 * the callback with a code. An account already connected is recognised when the step opens; connecting
 * in the 600x700 popup ends with the callback page's spreaker_connected message and counts as
 * connected; a refused code says 'Connection error'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ONBOARDING_MESSAGES } from '@ppp/contracts';
import { connectSpreakerAccount, SpreakerSandbox } from '@ppp/server/test-support';
import {
  DESKTOP,
  PHONE,
  closeJourneyPages,
  launchChromium,
  openJourneyPage,
  registerConfirmedAccount,
  startApp,
  type RunningApp,
  type Viewport,
} from './harness.ts';
import { atStep, dismissTour, next, shot } from './onboarding-support.ts';

let app: RunningApp;
let browser: Browser;
let operatorToken = '';
const sandbox = new SpreakerSandbox();
const PASSWORD = 'correct horse battery';
const AUTHORIZE = 'http://spreaker-signin.test/oauth2/authorize';

const account = (email: string) => registerConfirmedAccount(app.baseUrl, { email, password: PASSWORD }, operatorToken);

/** The host step of a fresh wizard, with Spreaker's sign-in answering code at once. */
async function hostStep(token: string, viewport: Viewport, code: string): Promise<Page> {
  // Opened at the public origin Spreaker sends the popup back to, so the callback page and its opener share an origin.
  const page = await openJourneyPage(browser, app.baseUrl.replace('127.0.0.1', 'localhost'), viewport, { token, onboardingDone: false });
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

beforeAll(async () => {
  await sandbox.start();
  [app, browser] = await Promise.all([
    startApp({
      SPREAKER_CLIENT_ID: 'ppp-app',
      SPREAKER_CLIENT_SECRET: 'ppp-secret',
      SPREAKER_BASE_URL: sandbox.origin,
      SPREAKER_AUTHORIZE_URL: AUTHORIZE,
    }),
    launchChromium(),
  ]);
  operatorToken = await account('operator@example.com');
}, 240_000);

afterAll(async () => {
  await closeJourneyPages();
  await browser?.close().catch(() => undefined);
  await app?.stop();
  await sandbox.stop();
});

describe('onboarding host step with Spreaker', () => {
  it('recognises an account already connected to Spreaker when the step opens', async () => {
    const token = await account('connected-before@example.com');
    // Connected earlier (in settings, say): the popup's two calls made directly.
    expect((await connectSpreakerAccount(app.baseUrl, token)).status).toBe(200);

    const page = await hostStep(token, DESKTOP, 'good-code');
    await expect.poll(() => spreakerCard(page).getByText('Connected', { exact: true }).isVisible()).toBe(true);
    expect(await spreakerCard(page).getByRole('button', { name: 'Connected to Spreaker' }).isVisible()).toBe(true);
    await shot(page, 'onboarding-09-host-connected-desktop', false);
    await next(page).click();
    await atStep(page, 'How often will you publish?', 'Step 10 of 12');
  });

  it("connects in the popup: the callback page's spreaker_connected message counts as connected", async () => {
    const token = await account('connects-now@example.com');
    const page = await hostStep(token, PHONE, 'good-code');
    expect(await spreakerCard(page).getByText('Connected', { exact: true }).count()).toBe(0);
    const popup = page.waitForEvent('popup');
    await spreakerCard(page).getByRole('button', { name: 'Connect Spreaker' }).click();
    // The popup runs the real OAuth round trip and closes itself after posting to its opener.
    await (await popup).waitForEvent('close', { timeout: 20_000 });
    await expect.poll(() => spreakerCard(page).getByText('Connected', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
    await shot(page, 'onboarding-09-host-connected-phone');
    await next(page).click();
    await atStep(page, 'How often will you publish?', 'Step 10 of 12');
  });

  it('says Connection error when Spreaker refuses the code, and the step still needs a host', async () => {
    const token = await account('refused@example.com');
    const page = await hostStep(token, DESKTOP, 'bad-code');
    const popup = page.waitForEvent('popup');
    await spreakerCard(page).getByRole('button', { name: 'Connect Spreaker' }).click();
    await (await popup).waitForEvent('close', { timeout: 20_000 });
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(ONBOARDING_MESSAGES.connectionError);
    await shot(page, 'onboarding-09-host-refused-desktop', false);
    // Not connected: Next stays on the step, and the built-in host still lets the creator on.
    await next(page).click();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('onboarding-step-number').innerText()).toBe('Step 9 of 12');
    await page.getByRole('button', { name: 'Use the built-in host' }).click();
    await next(page).click();
    await atStep(page, 'How often will you publish?', 'Step 10 of 12');
  });
});
