/**
 * Plans and payments (issue 15) through the real HTTP stack, with the official `stripe` package
 * pointed at a local stand-in for Stripe's API, and webhooks signed with Stripe's real scheme.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import Stripe from 'stripe';
import { z } from 'zod';
import {
  PAYMENTS_MESSAGES,
  PRICING,
  STRIPE_PRICES,
  ZBillingOverview,
  ZCheckoutResponse,
  ZCheckoutResult,
  ZSubscription,
  ZUsage,
} from '@ppp/contracts';
import { openTestOrm } from '../support/database.ts';
import { approvedUser, errorOf, startTestServer, twoUsers, type TestServer } from '../support/http.ts';
import { servicesFor, testConfig } from '../support/fixtures.ts';
import { startStripeStandIn, stripeEnv, STAND_IN_SECRET_KEY, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { syncStripeCatalog } from '../../src/domain/billing/stripe-catalog.ts';
import { stripeHostOptions } from '../../src/domain/billing/stripe-gateway.ts';
import { UserSchema } from '../../src/domain/users/user.entity.ts';
import { UsageChargeSchema } from '../../src/domain/billing/usage-charge.entity.ts';
import { SettingsService } from '../../src/domain/settings/settings.service.ts';

let orm: MikroORM;
let databaseUrl: string;
let api: TestServer;
let apiOff: TestServer;
let stripe: StripeStandIn;
let admin: { token: string; id: string };
let b: { token: string; id: string; email: string };

interface Account {
  token: string;
  id: string;
  email: string;
}

/** A confirmed, signed-in account (registered after the first, so on the default tier). */
function account(label: string): Promise<Account> {
  return approvedUser(api, admin.token, label);
}

const subscriptionOf = async (token: string) =>
  ZSubscription.parse((await api.request('GET', '/api/billing/subscription', { token })).body);
const usageOf = async (token: string) => ZUsage.parse((await api.request('GET', '/api/billing/usage', { token })).body);
const checkout = (token: string, json: object) => api.request('POST', '/api/billing/checkout', { token, json });
const resultOf = async (token: string, sessionId: string) =>
  ZCheckoutResult.parse((await api.request('GET', `/api/billing/checkout_result?session_id=${sessionId}`, { token })).body);
const storedEvents = async () => Number((await orm.em.fork().execute<{ n: string }[]>('select count(*) as n from stripe_events'))[0]?.n);
const paymentsOf = async (userId: string) =>
  orm.em
    .fork()
    .execute<{ kind: string; amount_cents: number; minutes: number }[]>(
      'select kind, amount_cents, minutes from payments where user_id = ?',
      [userId],
    );

/** Checkout through the API, then the stand-in's checkout page as the browser would post it. */
async function buy(who: Account, json: object): Promise<{ sessionId: string; location: string }> {
  const res = await checkout(who.token, json);
  expect(res.status, res.text).toBe(200);
  const { url, session_id } = ZCheckoutResponse.parse(res.body);
  expect(url).toBe(`${stripe.url}/c/pay/${session_id}`);
  const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  return { sessionId: session_id, location: paid.headers.get('location') ?? '' };
}

beforeAll(async () => {
  const db = await openTestOrm();
  orm = db.orm;
  databaseUrl = db.databaseUrl;
  stripe = await startStripeStandIn();
  api = await startTestServer(orm, databaseUrl, stripeEnv(stripe));
  apiOff = await startTestServer(orm, databaseUrl);
  stripe.setWebhookUrl(`${api.baseUrl}/api/billing/webhook`);
  await syncStripeCatalog(new Stripe(STAND_IN_SECRET_KEY, stripeHostOptions(stripe.url)));
  const users = await twoUsers(api);
  admin = { token: users.admin.token, id: users.admin.id };
  b = { token: users.user.token, id: users.user.id, email: users.user.email };
});
afterAll(async () => {
  await api?.close();
  await apiOff?.close();
  await stripe?.close();
  await orm?.close();
});

describe('the payments port', () => {
  it('gives the first account the unlimited tier and new accounts the default_tier setting', async () => {
    expect(await subscriptionOf(admin.token)).toMatchObject({ plan_key: 'unlimited', source: 'account' });
    expect(await usageOf(admin.token)).toMatchObject({ tier: 'unlimited', max_processing_minutes_month: null, minutes_left: null });
    expect(await usageOf(b.token)).toMatchObject({ tier: 'free', max_processing_minutes_month: 60 });

    const bad = await api.request('PUT', '/api/admin/settings', { token: admin.token, json: { default_tier: 'gold' } });
    expect(bad.status).toBe(422);
    const set = await api.request('PUT', '/api/admin/settings', { token: admin.token, json: { default_tier: 'unlimited' } });
    expect(set.status).toBe(200);
    expect((await api.request('PUT', '/api/admin/settings', { token: b.token, json: { default_tier: 'pro' } })).status).toBe(403);
    SettingsService.clearCache();
    const personal = await account('personal');
    expect(await usageOf(personal.token)).toMatchObject({ tier: 'unlimited', minutes_left: null });
    await api.request('PUT', '/api/admin/settings', { token: admin.token, json: { default_tier: 'free' } });
    SettingsService.clearCache();
    expect(await usageOf((await account('after')).token)).toMatchObject({ tier: 'free' });
  });

  it('says clearly that payments are not set up when Stripe is not configured, and changes nothing', async () => {
    for (const [method, path, json] of [
      ['POST', '/api/billing/checkout', { plan_key: 'creator', billing_cycle: 'monthly' }],
      ['POST', '/api/billing/portal', undefined],
      ['POST', '/api/billing/force_sync_session', { session_id: 'cs_test_x' }],
    ] as const) {
      expect(errorOf(await apiOff.request(method, path, { token: b.token, json }))).toEqual({
        status: 501,
        code: 'NOT_CONFIGURED',
        detail: PAYMENTS_MESSAGES.paymentsOff,
      });
    }
    expect(ZSubscription.parse((await apiOff.request('GET', '/api/billing/subscription', { token: b.token })).body)).toMatchObject({
      plan_key: 'free',
      payments_enabled: false,
      portal_available: false,
    });
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(0);
  });

  it('pnpm stripe:sync creates every price of the plan table once, found again by lookup key', async () => {
    const keys = [...stripe.prices.values()].map((p) => p.lookup_key).sort();
    expect(keys).toEqual(STRIPE_PRICES.map((p) => p.lookupKey).sort());
    expect(keys).toEqual(expect.arrayContaining(['creator_monthly', 'pro_annual', 'creator_lifetime', 'minutes_hour_creator']));
    expect(keys).not.toContain('starter_annual');
    const creatorAnnual = [...stripe.prices.values()].find((p) => p.lookup_key === 'creator_annual');
    expect(creatorAnnual).toMatchObject({ unit_amount: 3100 * 12, recurring: { interval: 'year' }, type: 'recurring' });
    const again = await syncStripeCatalog(new Stripe(STAND_IN_SECRET_KEY, stripeHostOptions(stripe.url)));
    expect(again.created).toEqual([]);
    expect(stripe.prices.size).toBe(STRIPE_PRICES.length);
  });
});

describe('checkout', () => {
  it('refuses what the plan table does not sell, with the spec wording', async () => {
    expect(errorOf(await checkout(b.token, { plan_key: 'starter', billing_cycle: 'annual' }))).toMatchObject({
      status: 422,
      detail: PRICING.starterAnnualNote,
    });
    expect(errorOf(await checkout(b.token, { plan_key: 'enterprise', billing_cycle: 'monthly' }))).toMatchObject({
      status: 409,
      detail: PAYMENTS_MESSAGES.enterpriseContact,
    });
    expect(errorOf(await checkout(b.token, { plan_key: 'gold', billing_cycle: 'monthly' }))).toMatchObject({ status: 422 });
    expect(errorOf(await checkout(b.token, { plan_key: 'minutes', hours: 0 }))).toMatchObject({ status: 422 });
    expect(errorOf(await checkout(admin.token, { plan_key: 'minutes', hours: 1 }))).toMatchObject({
      status: 409,
      detail: PAYMENTS_MESSAGES.noMinutesToBuy,
    });
    expect((await api.request('POST', '/api/billing/checkout', { json: { plan_key: 'creator' } })).status).toBe(401);
  });

  it('Creator monthly: a subscription session for the user’s one customer; the webhook applies it; 600 minutes', async () => {
    const res = await checkout(b.token, { plan_key: 'creator', billing_cycle: 'monthly' });
    const { session_id } = ZCheckoutResponse.parse(res.body);
    const session = stripe.sessions.get(session_id);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: b.id,
      success_url: 'http://localhost:3000/?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/pricing',
      amount_total: 3900,
    });
    expect(await resultOf(b.token, session_id)).toMatchObject({ status: 'open', applied: false, plan_key: 'creator' });
    // Another user cannot read it.
    expect((await api.request('GET', `/api/billing/checkout_result?session_id=${session_id}`, { token: admin.token })).status).toBe(404);
    expect((await api.request('GET', '/api/billing/checkout_result', { token: b.token })).status).toBe(422);

    const paid = await fetch(String(session?.url), { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('location')).toBe(`http://localhost:3000/?checkout=success&session_id=${session_id}`);
    const result = await resultOf(b.token, session_id);
    expect(result).toMatchObject({ status: 'complete', applied: true, plan_key: 'creator', billing_cycle: 'monthly', applied_credit: 0 });
    expect(result.renewal_date).not.toBeNull();
    expect(await subscriptionOf(b.token)).toMatchObject({
      plan_key: 'creator',
      status: 'active',
      source: 'stripe',
      cancel_at_period_end: false,
      portal_available: true,
    });
    expect(await usageOf(b.token)).toMatchObject({ tier: 'creator', max_processing_minutes_month: 600, minutes_left: 600 });
    expect(await paymentsOf(b.id)).toEqual([{ kind: 'invoice', amount_cents: 3900, minutes: 0 }]);
    // One customer per user: a second checkout reuses it (and a live subscription refuses another).
    expect(stripe.customers.size).toBe(1);
    expect(errorOf(await checkout(b.token, { plan_key: 'pro', billing_cycle: 'annual' }))).toMatchObject({
      status: 409,
      detail: PAYMENTS_MESSAGES.alreadySubscribed,
    });
    const overview = ZBillingOverview.parse((await api.request('GET', '/api/admin/billing/overview', { token: admin.token })).body);
    expect(overview).toMatchObject({
      payments_enabled: true,
      active_subscriptions: 1,
      gross_mrr_cents: 3900,
      dashboard_url: 'https://dashboard.stripe.com',
    });
    expect((await api.request('GET', '/api/admin/billing/overview', { token: b.token })).status).toBe(403);
    expect(await api.trpc(admin.token).billing.revenueMetrics.query()).toEqual({
      mrr_cents: 3900,
      arr_cents: 46_800,
      revenue_30d_cents: 3900,
    });
  });

  it('force_sync_session applies a paid session whose webhook has not come; bought minutes roll over on top', async () => {
    stripe.holdWebhooks = true;
    try {
      const who = await account('minutes');
      const { sessionId } = await buy(who, { plan_key: 'minutes', hours: 2 });
      const session = stripe.sessions.get(sessionId);
      expect(session).toMatchObject({ mode: 'payment', amount_total: 1200, status: 'complete' });
      expect(await resultOf(who.token, sessionId)).toMatchObject({ status: 'open', applied: false, applied_credit: 0 });
      const synced = ZCheckoutResult.parse(
        (await api.request('POST', '/api/billing/force_sync_session', { token: who.token, json: { session_id: sessionId } })).body,
      );
      expect(synced).toMatchObject({ status: 'complete', applied: true, plan_key: 'minutes', applied_credit: 120 });
      expect(await usageOf(who.token)).toMatchObject({ monthly_minutes_left: 60, bought_minutes_left: 120, minutes_left: 180 });
      // Applying again (the late webhook) adds nothing.
      await api.request('POST', '/api/billing/force_sync_session', { token: who.token, json: { session_id: sessionId } });
      expect((await usageOf(who.token)).bought_minutes_left).toBe(120);
      expect(await paymentsOf(who.id)).toEqual([{ kind: 'minutes', amount_cents: 1200, minutes: 120 }]);
      expect(
        (await api.request('POST', '/api/billing/force_sync_session', { token: b.token, json: { session_id: sessionId } })).status,
      ).toBe(404);
    } finally {
      stripe.holdWebhooks = false;
    }
  });

  it('refuses the 21st lifetime seat when buyers race for the last ones', async () => {
    const config = testConfig(databaseUrl, stripeEnv(stripe));
    const september = new Date(new Date().getFullYear(), 8, 1, 12);
    const buyer = await orm.em.fork().findOneOrFail(UserSchema, { id: b.id });
    const attempts = await Promise.allSettled(
      Array.from({ length: PRICING.lifetimeSeatsCap + 1 }, () =>
        servicesFor(orm, config).checkout.checkout(buyer, { plan_key: 'creator', billing_cycle: 'lifetime' }, september),
      ),
    );
    const refused = attempts.filter((a) => a.status === 'rejected');
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(PRICING.lifetimeSeatsCap);
    expect(refused).toHaveLength(1);
    expect(String((refused[0] as PromiseRejectedResult).reason.message)).toBe(PAYMENTS_MESSAGES.lifetimeSoldOut);
    // After the offer's end date nothing founders is sold.
    expect(errorOf(await checkout(b.token, { plan_key: 'pro', billing_cycle: 'lifetime' })).detail).toBe(
      new Date() > new Date(new Date().getFullYear(), 8, 30, 23, 59, 59) ? PAYMENTS_MESSAGES.offerEnded : PAYMENTS_MESSAGES.lifetimeSoldOut,
    );
  });

  it('opens the billing portal for a customer only', async () => {
    const res = await api.request('POST', '/api/billing/portal', { token: b.token });
    expect(res.status).toBe(200);
    const url = z.object({ url: z.string() }).parse(res.body).url;
    expect(url).toMatch(new RegExp(`^${stripe.url}/p/session/bps_`));
    expect(stripe.requests.at(-1)?.params).toMatchObject({ return_url: 'http://localhost:3000/dashboard/billing' });
    const fresh = await account('portal');
    expect(errorOf(await api.request('POST', '/api/billing/portal', { token: fresh.token }))).toMatchObject({
      status: 409,
      detail: PAYMENTS_MESSAGES.noBillingAccount,
    });
  });
});

describe('webhooks', () => {
  const post = (payload: string, signature: string) =>
    fetch(`${api.baseUrl}/api/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });

  it('refuses a bad signature and an old timestamp, writing nothing', async () => {
    const sub = [...stripe.subscriptions.values()][0];
    if (!sub) throw new Error('no subscription');
    const event = stripe.event('customer.subscription.deleted', { ...sub, status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
    const payload = JSON.stringify(event);
    const before = await storedEvents();
    const forged = await post(payload, stripe.sign(payload, undefined, 'whsec_wrong'));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ detail: PAYMENTS_MESSAGES.badSignature, code: 'BAD_REQUEST' });
    const old = await post(payload, stripe.sign(payload, Math.floor(Date.now() / 1000) - 301));
    expect(old.status).toBe(400);
    const tampered = await post(payload.replace('canceled', 'active'), stripe.sign(payload));
    expect(tampered.status).toBe(400);
    expect((await post(payload, '')).status).toBe(400);
    expect(await storedEvents()).toBe(before);
    expect((await subscriptionOf(b.token)).status).toBe('active');
  });

  it('acts once on a redelivered event and on two deliveries at the same time', async () => {
    const sub = [...stripe.subscriptions.values()][0];
    if (!sub) throw new Error('no subscription');
    const invoice = {
      id: 'in_concurrent',
      object: 'invoice',
      amount_paid: 3900,
      amount_due: 3900,
      currency: 'usd',
      customer: sub.customer,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: {}, subscription: sub.id } },
      status: 'paid',
    };
    const before = await storedEvents();
    const once = stripe.event('invoice.paid', invoice);
    const twice = await Promise.all([stripe.deliver(once), stripe.deliver(once), stripe.deliver(once)]);
    expect(twice).toEqual([200, 200, 200]);
    expect(await stripe.deliver(once)).toBe(200);
    expect(await storedEvents()).toBe(before + 1);
    expect((await paymentsOf(b.id)).filter((p) => p.kind === 'invoice')).toHaveLength(2);
    // A different event about the same invoice is a new event, but the payment is recorded once per invoice.
    expect(await stripe.deliver(stripe.event('invoice.paid', invoice))).toBe(200);
    expect((await paymentsOf(b.id)).filter((p) => p.kind === 'invoice')).toHaveLength(2);
  });

  it('shows a cancellation at period end, and an older event never brings a cancelled subscription back', async () => {
    const sub = [...stripe.subscriptions.values()][0];
    if (!sub) throw new Error('no subscription');
    const snapshot = structuredClone(sub);
    expect(await stripe.deliver(stripe.cancel(String(sub.id), 'period_end'))).toBe(200);
    const cancelling = await subscriptionOf(b.token);
    expect(cancelling).toMatchObject({ plan_key: 'creator', status: 'active', cancel_at_period_end: true });
    expect(cancelling.will_cancel_at).toBe(cancelling.current_period_end);

    const ended = stripe.cancel(String(sub.id), 'now');
    expect(await stripe.deliver(ended)).toBe(200);
    expect(await subscriptionOf(b.token)).toMatchObject({ plan_key: 'free', status: 'canceled' });
    // Delivered late: made before the cancellation, still saying active.
    const late = stripe.event('customer.subscription.updated', snapshot, Number(ended.created) - 60);
    expect(await stripe.deliver(late)).toBe(200);
    expect(await stripe.deliver(stripe.event('customer.subscription.updated', snapshot))).toBe(200);
    expect(await subscriptionOf(b.token)).toMatchObject({ plan_key: 'free', status: 'canceled' });
    expect(ZBillingOverview.parse((await api.request('GET', '/api/admin/billing/overview', { token: admin.token })).body)).toMatchObject({
      active_subscriptions: 0,
      canceled_last_30d: 1,
      gross_mrr_cents: 0,
    });
  });

  it('out of order: an older update after a newer one re-reads the subscription from Stripe', async () => {
    const who = await account('order');
    await buy(who, { plan_key: 'pro', billing_cycle: 'monthly' });
    const sub = [...stripe.subscriptions.values()].find((s) => s.metadata && (s.metadata as Record<string, string>).user_id === who.id);
    if (!sub) throw new Error('no subscription');
    const before = structuredClone(sub);
    const newer = stripe.cancel(String(sub.id), 'period_end');
    expect(await stripe.deliver(newer)).toBe(200);
    // The older 'not cancelling' state arrives after: Stripe (re-read) says it is cancelling.
    expect(await stripe.deliver(stripe.event('customer.subscription.updated', before, Number(newer.created) - 30))).toBe(200);
    expect(await subscriptionOf(who.token)).toMatchObject({ plan_key: 'pro', cancel_at_period_end: true });
  });

  it('a failed payment marks the subscription past due and tells the user in the app and by mail', async () => {
    const who = await account('failed');
    await buy(who, { plan_key: 'creator', billing_cycle: 'annual' });
    const sub = [...stripe.subscriptions.values()].find((s) => (s.metadata as Record<string, string>).user_id === who.id);
    if (!sub) throw new Error('no subscription');
    sub.status = 'past_due';
    const invoice = {
      id: 'in_failed',
      object: 'invoice',
      amount_paid: 0,
      currency: 'usd',
      customer: sub.customer,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: {}, subscription: sub.id } },
      status: 'open',
    };
    expect(await stripe.deliver(stripe.event('invoice.payment_failed', invoice))).toBe(200);
    expect(await subscriptionOf(who.token)).toMatchObject({ plan_key: 'creator', status: 'past_due', billing_cycle: 'annual' });
    const notices = z
      .array(z.object({ title: z.string(), body: z.string() }))
      .parse((await api.request('GET', '/api/notifications/', { token: who.token })).body);
    expect(notices).toContainEqual({ title: PAYMENTS_MESSAGES.paymentFailedTitle, body: PAYMENTS_MESSAGES.paymentFailedBody });
    const mail = z
      .array(z.object({ subject: z.string() }))
      .parse((await api.request('GET', `/api/admin/mail/outbox?to=${encodeURIComponent(who.email)}`, { token: admin.token })).body);
    expect(mail.map((m) => m.subject)).toContain(PAYMENTS_MESSAGES.paymentFailedTitle);
  });
});

describe('trials, expiry and minutes', () => {
  it('a 14-day trial of Creator without a card, once, then the account falls back to its tier', async () => {
    const who = await account('trial');
    const trial = ZSubscription.parse((await api.request('POST', '/api/billing/trial', { token: who.token })).body);
    expect(trial).toMatchObject({ plan_key: 'creator', status: 'trialing', source: 'trial', trial_available: false });
    const days = (Date.parse(trial.current_period_end ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    expect(await usageOf(who.token)).toMatchObject({ tier: 'creator', max_processing_minutes_month: 600 });
    expect(errorOf(await api.request('POST', '/api/billing/trial', { token: who.token }))).toMatchObject({
      status: 409,
      detail: PAYMENTS_MESSAGES.trialUsed,
    });
    const user = await orm.em.fork().findOneOrFail(UserSchema, { id: who.id });
    const services = servicesFor(orm, testConfig(databaseUrl));
    expect(await services.plans.effectiveTier(user, new Date(Date.now() + 15 * 86_400_000))).toBe('free');
    const overview = ZBillingOverview.parse((await api.request('GET', '/api/admin/billing/overview', { token: admin.token })).body);
    expect(overview.trialing).toBeGreaterThanOrEqual(1);
    expect(overview.trial_expiring_7d).toBe(0);
  });

  it('an admin-set subscription expiry takes effect at its date', async () => {
    const who = await account('expiry');
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await api.request('PATCH', `/api/admin/users/${who.id}`, {
      token: admin.token,
      json: { tier: 'pro', subscription_expires_at: future },
    });
    expect(await usageOf(who.token)).toMatchObject({ tier: 'pro', max_processing_minutes_month: 1500 });
    const past = new Date(Date.now() - 1000).toISOString();
    await api.request('PATCH', `/api/admin/users/${who.id}`, { token: admin.token, json: { subscription_expires_at: past } });
    expect(await usageOf(who.token)).toMatchObject({ tier: 'free', max_processing_minutes_month: 60 });
  });

  it('credits a failed render’s minutes back once, with a ledger entry, monthly and bought as they were taken', async () => {
    const who = await account('credit');
    const em = orm.em.fork();
    em.create(UsageChargeSchema, {
      user: who.id,
      kind: 'assembly',
      chargeKey: 'assembly:credit-test',
      episodeId: null,
      seconds: 300,
      minutes: 5,
      boughtMinutes: 0,
    });
    await em.flush();
    const episodeId = '00000000-0000-4000-8000-000000000001';
    await em.nativeUpdate(UsageChargeSchema, { chargeKey: 'assembly:credit-test' }, { episodeId });
    expect(await usageOf(who.token)).toMatchObject({ minutes_used: 5, monthly_minutes_left: 55, episodes_used_this_month: 1 });
    const services = servicesFor(orm, testConfig(databaseUrl));
    expect(await services.usage.creditFailedRender(episodeId)).toBe(5);
    expect(await servicesFor(orm, testConfig(databaseUrl)).usage.creditFailedRender(episodeId)).toBe(0);
    expect(await usageOf(who.token)).toMatchObject({ minutes_used: 0, monthly_minutes_left: 60, episodes_used_this_month: 0 });
    const ledger = await api.trpc(who.token).billing.ledger.query();
    expect(ledger.map((entry) => [entry.kind, entry.minutes])).toEqual(
      expect.arrayContaining([
        ['assembly', 5],
        ['credit', -5],
      ]),
    );
    expect(await api.trpc(b.token).billing.ledger.query()).toEqual([]);
  });
});
