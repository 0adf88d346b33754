import type Stripe from 'stripe';
import { STRIPE_PRICES } from '@ppp/contracts';

export interface CatalogSync {
  created: string[];
  existing: string[];
}

/**
 * `pnpm stripe:sync`: creates the products and prices of the plan table that the Stripe account
 * lacks, found by lookup key (prices) and by metadata.ppp_product (products). Running it again
 * creates nothing; a price already there is left as it is (Stripe prices cannot change amount).
 */
export async function syncStripeCatalog(stripe: Stripe): Promise<CatalogSync> {
  const keys = STRIPE_PRICES.map((price) => price.lookupKey);
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 10) {
    const page = await stripe.prices.list({ lookup_keys: keys.slice(i, i + 10), limit: 10 });
    for (const price of page.data) if (price.lookup_key) found.add(price.lookup_key);
  }
  const products = new Map<string, string>();
  for await (const product of stripe.products.list({ limit: 100 })) {
    const key = product.metadata.ppp_product;
    if (key && product.active) products.set(key, product.id);
  }
  const result: CatalogSync = { created: [], existing: [] };
  for (const price of STRIPE_PRICES) {
    if (found.has(price.lookupKey)) {
      result.existing.push(price.lookupKey);
      continue;
    }
    let productId = products.get(price.productKey);
    if (!productId) {
      productId = (await stripe.products.create({ name: price.productName, metadata: { ppp_product: price.productKey } })).id;
      products.set(price.productKey, productId);
    }
    await stripe.prices.create({
      product: productId,
      currency: 'usd',
      unit_amount: price.unitAmountCents,
      lookup_key: price.lookupKey,
      metadata: { ppp_plan: price.plan, ppp_cycle: price.cycle },
      ...(price.interval ? { recurring: { interval: price.interval } } : {}),
    });
    result.created.push(price.lookupKey);
  }
  return result;
}
