/** Journeys whose launcher talks to the Stripe stand-in (Stripe's API, its hosted checkout and portal pages, webhooks signed as Stripe signs them). */
import { startStripeStandIn, stockStandIn, stripeEnv, type StripeStandIn } from '@ppp/server/test-support';
import { test } from './fixtures.ts';

/** The journey fixtures with the stand-in started and stocked first in the worker, and the launcher's environment made from it. */
export function withStripeStandIn() {
  return test.extend<object, { stripe: StripeStandIn }>({
    stripe: [
      async ({}, use) => {
        const stripe = await startStripeStandIn();
        await stockStandIn(stripe);
        await use(stripe);
        await stripe.close();
      },
      { scope: 'worker' },
    ],
    launcherEnv: [async ({ stripe }, use) => use(stripeEnv(stripe)), { scope: 'worker' }],
  });
}
