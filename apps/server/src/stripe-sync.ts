/**
 * `pnpm stripe:sync`: creates in the Stripe account of STRIPE_SECRET_KEY the products and prices of
 * the plan table that are missing (idempotent; prices are found again by their lookup keys).
 */
import { loadConfig } from './config.ts';
import { StripeGateway } from './domain/billing/stripe-gateway.ts';
import { syncStripeCatalog } from './domain/billing/stripe-catalog.ts';

const config = loadConfig();
if (!config.STRIPE_SECRET_KEY) {
  console.error('STRIPE_SECRET_KEY is not set: payments are off, there is nothing to sync.');
  process.exit(1);
}
const gateway = new StripeGateway(config.STRIPE_SECRET_KEY, config.STRIPE_WEBHOOK_SECRET ?? '', config.STRIPE_API_URL);
const result = await syncStripeCatalog(gateway.client);
for (const key of result.created) console.log(`created ${key}`);
for (const key of result.existing) console.log(`exists  ${key}`);
console.log(`${result.created.length} created, ${result.existing.length} already there.`);
