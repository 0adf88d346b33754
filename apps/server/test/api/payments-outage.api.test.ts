/**
 * Payments unreachable (issue 35): with the Stripe stand-in stopped, checkout and Buy minutes answer
 * 503 in the words a buyer understands ('nothing was charged'), with Retry-After, over REST and
 * tRPC, instead of a bare 500; nothing is written. The admin's Billing overview shows the last
 * Stripe error and the webhook's failures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import Stripe from 'stripe';
import { PAYMENTS, PAYMENTS_MESSAGES } from '@ppp/contracts';
import { openTestOrm } from '../support/database.ts';
import { approvedUser, errorOf, startTestServer, twoUsers, type TestServer, type TestUser } from '../support/http.ts';
import { startStripeStandIn, stripeEnv, STAND_IN_SECRET_KEY, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { syncStripeCatalog } from '../../src/domain/billing/stripe-catalog.ts';
import { stripeHostOptions } from '../../src/domain/billing/stripe-gateway.ts';

let orm: MikroORM;
let api: TestServer;
let stripe: StripeStandIn;
let buyer: TestUser;
let adminToken: string;

const rows = async (table: string, userId: string) =>
  Number((await orm.em.fork().execute<{ n: string }[]>(`select count(*) as n from ${table} where user_id = ?`, [userId]))[0]?.n);

beforeAll(async () => {
  const db = await openTestOrm();
  orm = db.orm;
  stripe = await startStripeStandIn();
  api = await startTestServer(orm, db.databaseUrl, stripeEnv(stripe));
  await syncStripeCatalog(new Stripe(STAND_IN_SECRET_KEY, stripeHostOptions(stripe.url)));
  const users = await twoUsers(api);
  adminToken = users.admin.token;
  buyer = await approvedUser(api, adminToken, 'outage');
  await stripe.close();
});
afterAll(async () => {
  await api?.close();
  await orm?.close();
});

describe('Stripe unreachable', () => {
  it('checkout and Buy minutes answer 503 "nothing was charged" with Retry-After, over REST and tRPC, and write nothing', async () => {
    for (const json of [
      { plan_key: 'pro', billing_cycle: 'monthly' },
      { plan_key: 'minutes', hours: 2 },
    ]) {
      const res = await api.request('POST', '/api/billing/checkout', { token: buyer.token, json });
      expect(errorOf(res)).toEqual({ status: 503, code: 'PAYMENTS_UNAVAILABLE', detail: PAYMENTS_MESSAGES.unavailable });
      expect(res.headers.get('retry-after')).toBe(String(PAYMENTS.unavailableRetryAfterSeconds));
    }
    await expect(api.trpc(buyer.token).billing.checkout.mutate({ plan_key: 'creator', billing_cycle: 'monthly' })).rejects.toMatchObject({
      message: PAYMENTS_MESSAGES.unavailable,
      data: { httpStatus: 503, appCode: 'PAYMENTS_UNAVAILABLE' },
    });
    expect(await rows('checkout_sessions', buyer.id)).toBe(0);
    expect(await rows('subscriptions', buyer.id)).toBe(0);
    expect(await rows('billing_customers', buyer.id)).toBe(0);
  });

  it("shows in the admin's Billing overview: the last Stripe error with its cause, and the webhook's failures", async () => {
    const overview = await api.trpc(adminToken).billing.overview.query();
    expect(overview.health.last_stripe_error).toMatch(/connect|ECONNREFUSED|connection/i);
    expect(Date.parse(overview.health.last_stripe_error_at ?? '')).toBeGreaterThan(Date.now() - 600_000);
    expect(overview.health).toMatchObject({ last_event_at: null, webhook_failures: 0 });
    const forged = await api.request('POST', '/api/billing/webhook', {
      json: { id: 'evt_forged' },
      headers: { 'stripe-signature': 't=1,v1=00' },
    });
    expect(forged.status).toBe(400);
    const after = await api.request('GET', '/api/admin/billing/overview', { token: adminToken });
    expect(after.body).toMatchObject({ health: { webhook_failures: 1, last_webhook_failure: PAYMENTS_MESSAGES.badSignature } });
  });
});
