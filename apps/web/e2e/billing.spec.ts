/**
 * Issue 15 journey against the real launcher in Chromium, with Stripe's API replaced by the local
 * stand-in (its hosted checkout and portal pages included) and webhooks signed as Stripe signs them:
 * a free creator chooses Creator monthly on the pricing page, pays on the checkout page, comes back to
 * 'Finalizing your purchase...' and lands on the Subscription view showing Creator with 600 minutes;
 * buys an hour of minutes; cancels in the billing portal and sees 'Cancels on {date}'. The admin's
 * Billing tab counts the subscription.
 */
import { ADMIN_TABS, MESSAGES, ONBOARDING } from '@ppp/contracts';
import type { StripeStandIn } from '@ppp/server/test-support';
import { DESKTOP, putOwnAccountOnTier, registerAndSignIn, type RunningApp, shot } from './harness.ts';
import { expect } from './fixtures.ts';
import { withStripeStandIn } from './stripe-fixtures.ts';

/** The launcher talks to the Stripe stand-in, started and stocked first in this worker. */
const test = withStripeStandIn();
// One app for the file: its tests go on from what the earlier ones left.
test.describe.configure({ mode: 'serial' });

let app: RunningApp;
let stripe: StripeStandIn;
let token = '';
/** The app as its links name it (PUBLIC_URL defaults to localhost), so Stripe's return lands on the signed-in origin. */
let appUrl = '';
const CREATOR = { email: 'subscriber@example.com', password: 'correct horse battery' };

test.beforeAll(async ({ app: started, stripe: standIn }) => {
  app = started;
  stripe = standIn;
  appUrl = app.baseUrl.replace('127.0.0.1', 'localhost');
  stripe.setWebhookUrl(`${app.baseUrl}/api/billing/webhook`);
  // The first account of an instance is unlimited; this creator starts on the free tier instead.
  token = await registerAndSignIn(app.baseUrl, CREATOR);
  await putOwnAccountOnTier(app.baseUrl, token, 'free');
});

test.describe('buying a plan through Stripe', () => {
  test('chooses Creator monthly on pricing, pays, and sees the Subscription view change', async ({ openPage }) => {
    const page = await openPage(DESKTOP, { baseUrl: appUrl, token, storage: { [ONBOARDING.storage.fullPage]: '0' } });
    await page.goto('/dashboard/billing');
    await expect(page.getByTestId('current-plan')).toHaveText('Free');
    await shot(page, 'billing-subscription-free', true);

    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Start with Creator' }).click();
    await page.waitForURL(`${stripe.url}/c/pay/**`);
    await expect(page.locator('body')).toContainText('creator_monthly');
    await shot(page, 'billing-stand-in-checkout');
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(/\/dashboard\/billing$/, { timeout: 60_000 });
    await expect(page.getByTestId('current-plan')).toHaveText('Creator');
    await expect(page.getByTestId('minutes-monthly')).toHaveText('600 of 600 minutes left this month');
    await expect(page.getByTestId('plan-renewal')).toHaveText(/^Renews on /);
    await shot(page, 'billing-subscription-creator', true);
  });

  test('shows Finalizing your purchase... on the way back from checkout', async ({ openPage }) => {
    const page = await openPage(DESKTOP, { baseUrl: appUrl, token });
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
    await expect(page.getByTestId('minutes-bought')).toHaveText('60 bought minutes left');
  });

  test('cancels in the billing portal and reads Cancels on {date}', async ({ openPage }) => {
    const page = await openPage(DESKTOP, { baseUrl: appUrl, token });
    await page.goto('/dashboard/billing');
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(`${stripe.url}/p/session/**`);
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await page.waitForURL(/\/dashboard\/billing/);
    // The portal's webhook may land after the return: the view is read again until it says so (a slow load is retried too).
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('plan-renewal')).toHaveText(/^Cancels on [A-Z][a-z]+ \d{1,2}, \d{4}$/, { timeout: 10_000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByTestId('current-plan')).toHaveText('Creator');
    await shot(page, 'billing-subscription-cancelling', true);
  });

  test("counts the subscription in the admin's Billing tab", async ({ openPage }) => {
    const page = await openPage(DESKTOP, { baseUrl: appUrl, token });
    await putOwnAccountOnTier(app.baseUrl, token, 'unlimited');
    expect(ADMIN_TABS.map((t) => t.label)).toContain('Billing');
    await page.goto('/admin/billing');
    await expect(page.getByTestId('billing-payments')).toHaveText('Stripe');
    await expect(page.getByTestId('billing-active')).toHaveText('1');
    await expect(page.getByTestId('billing-mrr')).toHaveText('$39');
    await shot(page, 'billing-admin-tab');
  });
});
