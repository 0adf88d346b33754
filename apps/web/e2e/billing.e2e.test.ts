/**
 * Issue 15 journey against the real launcher in Chromium, with Stripe's API replaced by the local
 * stand-in (its hosted checkout and portal pages included) and webhooks signed as Stripe signs them:
 * a free creator chooses Creator monthly on the pricing page, pays on the checkout page, comes back to
 * 'Finalizing your purchase...' and lands on the Subscription view showing Creator with 600 minutes;
 * buys an hour of minutes; cancels in the billing portal and sees 'Cancels on {date}'. The admin's
 * Billing tab counts the subscription.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_TABS, MESSAGES, ONBOARDING } from '@ppp/contracts';
import { startStripeStandIn, stockStandIn, stripeEnv, type StripeStandIn } from '@ppp/server/test-support';
import {
  DESKTOP,
  SCREENSHOT_DIR,
  closeJourneyPages,
  launchChromium,
  openJourneyPage,
  putOwnAccountOnTier,
  registerAndSignIn,
  startApp,
  type RunningApp,
} from './harness.ts';

let app: RunningApp;
let browser: Browser;
let stripe: StripeStandIn;
let token = '';
/** The app as its links name it (PUBLIC_URL defaults to localhost), so Stripe's return lands on the signed-in origin. */
let appUrl = '';
const CREATOR = { email: 'subscriber@example.com', password: 'correct horse battery' };

async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });

beforeAll(async () => {
  stripe = await startStripeStandIn();
  await stockStandIn(stripe);
  [app, browser] = await Promise.all([startApp(stripeEnv(stripe)), launchChromium()]);
  appUrl = app.baseUrl.replace('127.0.0.1', 'localhost');
  stripe.setWebhookUrl(`${app.baseUrl}/api/billing/webhook`);
  // The first account of an instance is unlimited; this creator starts on the free tier instead.
  token = await registerAndSignIn(app.baseUrl, CREATOR);
  await putOwnAccountOnTier(app.baseUrl, token, 'free');
}, 240_000);

afterAll(async () => {
  await closeJourneyPages();
  await browser?.close();
  await app?.stop();
  await stripe?.close();
});

describe('buying a plan through Stripe', () => {
  it('chooses Creator monthly on pricing, pays, and sees the Subscription view change', async () => {
    const page = await openJourneyPage(browser, appUrl, DESKTOP, { token, storage: { [ONBOARDING.storage.fullPage]: '0' } });
    await page.goto('/dashboard/billing');
    await expect.poll(() => page.getByTestId('current-plan').textContent()).toBe('Free');
    await shot(page, 'billing-subscription-free', true);

    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Start with Creator' }).click();
    await page.waitForURL(`${stripe.url}/c/pay/**`);
    await expect.poll(() => page.locator('body').textContent()).toContain('creator_monthly');
    await shot(page, 'billing-stand-in-checkout');
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(/\/dashboard\/billing$/, { timeout: 60_000 });
    await eventually(() => page.getByTestId('current-plan').textContent()).toBe('Creator');
    await eventually(() => page.getByTestId('minutes-monthly').textContent()).toBe('600 of 600 minutes left this month');
    await expect.poll(() => page.getByTestId('plan-renewal').textContent()).toMatch(/^Renews on /);
    await shot(page, 'billing-subscription-creator', true);
  });

  it('shows Finalizing your purchase... on the way back from checkout', async () => {
    const page = await openJourneyPage(browser, appUrl, DESKTOP, { token });
    stripe.holdWebhooks = true;
    try {
      await page.goto('/dashboard/billing');
      await page.getByRole('button', { name: /^Buy 60 minutes for \$5$/ }).click();
      await page.waitForURL(`${stripe.url}/c/pay/**`);
      await page.getByRole('button', { name: 'Pay' }).click();
      // No webhook: the page finalizes by forcing a sync after its reads of the result.
      await page.getByText(MESSAGES.finalizingPurchase).waitFor();
      await shot(page, 'billing-finalizing');
      await page.waitForURL(/\/dashboard\/billing$/, { timeout: 60_000 });
    } finally {
      stripe.holdWebhooks = false;
    }
    await eventually(() => page.getByTestId('minutes-bought').textContent()).toBe('60 bought minutes left');
  });

  it('cancels in the billing portal and reads Cancels on {date}', async () => {
    const page = await openJourneyPage(browser, appUrl, DESKTOP, { token });
    await page.goto('/dashboard/billing');
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(`${stripe.url}/p/session/**`);
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await page.waitForURL(/\/dashboard\/billing/);
    await eventually(async () => {
      await page.reload();
      return page.getByTestId('plan-renewal').textContent({ timeout: 5000 });
    }).toMatch(/^Cancels on [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(await page.getByTestId('current-plan').textContent()).toBe('Creator');
    await shot(page, 'billing-subscription-cancelling', true);
  });

  it("counts the subscription in the admin's Billing tab", async () => {
    const page = await openJourneyPage(browser, appUrl, DESKTOP, { token });
    await putOwnAccountOnTier(app.baseUrl, token, 'unlimited');
    expect(ADMIN_TABS.map((t) => t.label)).toContain('Billing');
    await page.goto('/admin/billing');
    await eventually(() => page.getByTestId('billing-payments').textContent()).toBe('Stripe');
    expect(await page.getByTestId('billing-active').textContent()).toBe('1');
    expect(await page.getByTestId('billing-mrr').textContent()).toBe('$39');
    await shot(page, 'billing-admin-tab');
  });
});
