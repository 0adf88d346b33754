/**
 * Issue 15 journey against the real launcher in Chromium, with Stripe's API replaced by the local
 * stand-in (its hosted checkout and portal pages included) and webhooks signed as Stripe signs them:
 * a free creator chooses Creator monthly on the pricing page, pays on the checkout page, comes back to
 * 'Finalizing your purchase...' and lands on the Subscription view showing Creator with 600 minutes;
 * buys an hour of minutes; cancels in the billing portal and sees 'Cancels on {date}'. The admin's
 * Billing tab counts the subscription. Each test has a creator of its own (one that starts subscribed
 * pays through the API and the stand-in's checkout page), so any one runs alone (`-g`).
 */
import { ADMIN_TABS, MESSAGES, ONBOARDING } from '@ppp/contracts';
import type { StripeStandIn } from '@ppp/server/test-support';
import { DESKTOP, registerAndSignIn, registerConfirmedAccount, type RunningApp, shot } from './harness.ts';
import { expect } from './fixtures.ts';
import { withStripeStandIn } from './stripe-fixtures.ts';

/** The launcher talks to the Stripe stand-in, started and stocked first in this worker. */
const test = withStripeStandIn();

let app: RunningApp;
let stripe: StripeStandIn;
/** The instance's first account: the admin (unlimited), who reads the Billing tab and lets the creators in. */
let adminToken = '';
/** The app as its links name it (PUBLIC_URL defaults to localhost), so Stripe's return lands on the signed-in origin. */
let appUrl = '';
const PASSWORD = 'correct horse battery';

test.beforeAll(async ({ app: started, stripe: standIn }) => {
  app = started;
  stripe = standIn;
  appUrl = app.baseUrl.replace('127.0.0.1', 'localhost');
  stripe.setWebhookUrl(`${app.baseUrl}/api/billing/webhook`);
  adminToken = await registerAndSignIn(app.baseUrl, { email: 'operator@example.com', password: PASSWORD });
});

/** A creator of the test's own: a later account, on the free tier (the default), confirmed and let in by the admin. */
const freeCreator = (name: string) =>
  registerConfirmedAccount(app.baseUrl, { email: `${name}@example.com`, password: PASSWORD }, adminToken);

/** A creator on Creator monthly: checkout through the API, paid on the stand-in's checkout page as the browser posts it. */
async function creatorOnCreatorMonthly(name: string): Promise<string> {
  const token = await freeCreator(name);
  const res = await fetch(`${app.baseUrl}/api/billing/checkout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ plan_key: 'creator', billing_cycle: 'monthly' }),
  });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  expect((await fetch(url, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  return token;
}

test.describe('buying a plan through Stripe', () => {
  test('chooses Creator monthly on pricing, pays, and sees the Subscription view change', async ({ openPage }) => {
    const token = await freeCreator('subscriber');
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
    const token = await creatorOnCreatorMonthly('finalizer');
    const page = await openPage(DESKTOP, { baseUrl: appUrl, token });
    await page.goto('/dashboard/billing');
    await expect(page.getByTestId('current-plan')).toHaveText('Creator');
    stripe.holdWebhooks = true;
    try {
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
    const token = await creatorOnCreatorMonthly('canceller');
    const page = await openPage(DESKTOP, { baseUrl: appUrl, token });
    await page.goto('/dashboard/billing');
    await expect(page.getByTestId('current-plan')).toHaveText('Creator');
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
    const page = await openPage(DESKTOP, { baseUrl: appUrl, token: adminToken });
    expect(ADMIN_TABS.map((t) => t.label)).toContain('Billing');
    await page.goto('/admin/billing');
    await expect(page.getByTestId('billing-payments')).toHaveText('Stripe');
    // What the other tests of this app subscribed is counted too: the new subscription adds one and $39 a month.
    await expect(page.getByTestId('billing-active')).toHaveText(/^\d+$/);
    const figure = async (id: string) => Number((await page.getByTestId(id).textContent())?.replace(/[$,]/g, ''));
    const [active, mrr] = [await figure('billing-active'), await figure('billing-mrr')];
    await creatorOnCreatorMonthly('counted');
    await page.reload();
    await expect(page.getByTestId('billing-active')).toHaveText(String(active + 1));
    await expect(page.getByTestId('billing-mrr')).toHaveText(`$${mrr + 39}`);
    await shot(page, 'billing-admin-tab');
  });
});
