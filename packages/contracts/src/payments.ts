import { z } from 'zod';
import {
  FOUNDERS_OFFERS,
  PLANS,
  PLAN_FEATURE_KEYS,
  PLAN_KEYS,
  PRICING,
  TIER_KEYS,
  type TPlanFeature,
  type TPlanFeatures,
  type TPlanKey,
  type TTierKey,
} from './plans.ts';

/**
 * Paying for plans and minutes (spec 002 sections 2.2 step 5, 2.15, 3, 4, 7 'Billing' and 9 'Plans').
 * Payments are off unless the operator configures Stripe; plans and limits are enforced either way.
 * Stripe prices are found by lookup keys made from the plan table, so the table stays the one source.
 */
export const PAYMENTS = {
  /** Spec 002 §4 'Post-checkout': the user is refreshed every 750 ms, at most 9 times. */
  userRefreshMs: 750,
  maxUserRefreshes: 9,
  /** Spec 002 §4: 5 attempts to fetch the result, 6 to force a sync, 15 subscription polls 1 s apart. */
  checkoutResultAttempts: 5,
  forceSyncAttempts: 6,
  subscriptionPolls: 15,
  subscriptionPollMs: 1000,
  /** Spec 002 §2.2 step 5: a manual link to /?login=1 after 8 seconds. */
  manualLinkAfterMs: 8000,
  /**
   * Each call to Stripe gives up after this long, and is retried this many times on a network error,
   * a timeout or a 5xx (stripe-node sends one Idempotency-Key with every try of a POST, so a retried
   * checkout is one checkout); then the user is told payments are unavailable (issue 35).
   */
  stripeTimeoutMs: 10_000,
  stripeNetworkRetries: 2,
  /** Retry-After of that refusal. */
  unavailableRetryAfterSeconds: 120,
  /** stripe-node's default tolerance for a webhook's signed timestamp. */
  webhookToleranceSeconds: 300,
  /** Stripe's shortest Checkout Session life: a lifetime seat is held for that long while its buyer pays. */
  checkoutExpiresSeconds: 30 * 60,
  trialDays: PRICING.freeTrialDays,
  lifetimeSeatsCap: PRICING.lifetimeSeatsCap,
  /** Buy Minutes sells whole hours at the plan's extra rate; free accounts pay Starter's rate. */
  maxHoursPerPurchase: 100,
  /** Where the admin overview links for everything Stripe shows better. */
  dashboardUrl: 'https://dashboard.stripe.com',
  /** The workspace's Subscription view (spec 002 §2.3 'billing (Subscription)'). */
  subscriptionPath: '/dashboard/billing',
} as const;

export const PAYMENTS_MESSAGES = {
  /** 503 when Stripe cannot be reached (issue 35), shown beside the button that was pressed. */
  unavailable: 'Payments are unavailable right now; nothing was charged. Try again in a few minutes.',
  paymentsOff:
    'Payments are not set up on this instance. Ask the administrator of this instance to change your plan or add minutes to your account.',
  starterNoAnnual: PRICING.starterAnnualNote,
  enterpriseContact: 'Enterprise is contact only: contact sales at /contact and we will set up your plan.',
  offerEnded: 'The founders offer has ended.',
  lifetimeSoldOut: `All ${PRICING.lifetimeSeatsCap} lifetime seats have been claimed.`,
  alreadySubscribed: 'You already have a subscription. Change or cancel it with Manage billing.',
  noMinutesToBuy: 'Your plan has no monthly limit, so there are no minutes to buy.',
  hoursRequired: 'Choose how many hours of minutes to buy.',
  priceMissing: (lookupKey: string) => `The Stripe price ${lookupKey} is missing. The administrator can create it with pnpm stripe:sync.`,
  noBillingAccount: 'There is no billing account for you yet: buy a plan or minutes first.',
  sessionNotFound: 'Checkout session not found',
  badSignature: 'Invalid webhook signature.',
  trialUsed: 'This account has already had its free trial.',
  trialNotNeeded: 'Your plan already includes everything a trial would give.',
  finalizing: 'Finalizing your purchase...',
  upgradePending: 'Upgrade Pending',
  upgradePendingBody: 'Your payment went through but your plan has not been updated yet. It will appear here within a few minutes.',
  paymentFailedTitle: 'Payment failed',
  paymentFailedBody: 'We could not take your subscription payment. Update your card in Manage billing to keep your plan.',
  /** Spec 000 §8 and this issue: a plan feature refused on the server and shown as locked. */
  featureLocked: (label: string) => `${label} is not included in your plan. Upgrade your plan to use it.`,
} as const;

/** How a plan is paid: monthly or annual subscriptions, or the founders offers (spec 002 §9). */
export const BILLING_CYCLES = ['monthly', 'annual', 'founders_annual', 'lifetime', 'once'] as const;
export const ZBillingCycle = z.enum(BILLING_CYCLES);
export type TBillingCycle = z.infer<typeof ZBillingCycle>;

/** What can be bought: a plan of the table, or à-la-carte minutes (plan_key 'minutes', hours > 0). */
export const ZCheckoutPlanKey = z.enum([...PLAN_KEYS, 'minutes']);
export type TCheckoutPlanKey = z.infer<typeof ZCheckoutPlanKey>;

/** POST /api/billing/checkout {plan_key, billing_cycle} (hours for minutes). */
export const ZCheckoutRequest = z.object({
  plan_key: ZCheckoutPlanKey,
  billing_cycle: ZBillingCycle.default('monthly'),
  hours: z.coerce.number().int().min(1).max(PAYMENTS.maxHoursPerPurchase).optional(),
});
export type TCheckoutRequest = z.infer<typeof ZCheckoutRequest>;
export type TCheckoutRequestInput = z.input<typeof ZCheckoutRequest>;

export const ZCheckoutResponse = z.object({ url: z.string(), session_id: z.string() });
export type TCheckoutResponse = z.infer<typeof ZCheckoutResponse>;

export const ZSessionIdQuery = z.object({ session_id: z.string().trim().min(1).max(255) });
export type TSessionIdQuery = z.infer<typeof ZSessionIdQuery>;

/** Spec 002 §3 'Checkout result': plan_key, billing_cycle, renewal_date, applied_credit (minutes added). */
export const ZCheckoutResult = z.object({
  status: z.enum(['open', 'complete', 'expired']),
  /** True once the purchase shows in the account (plan or minutes). */
  applied: z.boolean(),
  plan_key: ZCheckoutPlanKey,
  billing_cycle: ZBillingCycle,
  renewal_date: z.string().nullable(),
  applied_credit: z.number().int().min(0),
});
export type TCheckoutResult = z.infer<typeof ZCheckoutResult>;

export const SUBSCRIPTION_STATUSES = ['none', 'active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'canceled'] as const;
export const ZSubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export type TSubscriptionStatus = z.infer<typeof ZSubscriptionStatus>;

/** Where an account's plan comes from. */
export const ZPlanSource = z.enum(['stripe', 'lifetime', 'trial', 'account']);

/** Each plan feature of spec 002 §9 and whether the account's plan (as the tier table stands) includes it. */
export const ZPlanFeatures = z.object(
  Object.fromEntries(PLAN_FEATURE_KEYS.map((key) => [key, z.boolean()])) as Record<TPlanFeature, z.ZodBoolean>,
);

/** The plan features out of a tier's values (numbers of the tier table left out; anything but true is off). */
export function planFeaturesOf(values: Readonly<Record<string, unknown>>): TPlanFeatures {
  return Object.fromEntries(PLAN_FEATURE_KEYS.map((key) => [key, values[key] === true])) as Record<TPlanFeature, boolean>;
}

/** GET /api/billing/subscription: spec 002 §3 'Subscription' plus status and what the view may offer. */
export const ZSubscription = z.object({
  plan_key: z.enum(TIER_KEYS),
  status: ZSubscriptionStatus,
  source: ZPlanSource,
  billing_cycle: ZBillingCycle.nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  will_cancel_at: z.string().nullable(),
  payments_enabled: z.boolean(),
  trial_available: z.boolean(),
  /** A Stripe customer exists, so Manage billing can open the portal. */
  portal_available: z.boolean(),
  /** What the plan includes: the web app shows the others as locked, with Upgrade. */
  features: ZPlanFeatures,
});
export type TSubscription = z.infer<typeof ZSubscription>;

export const ZPortalResponse = z.object({ url: z.string() });

/** One line of the minutes ledger: assemblies charged, credits for failed renders, bought minutes. */
export const ZLedgerEntry = z.object({
  kind: z.enum(['assembly', 'credit', 'purchase']),
  /** Minutes this line moves (charges positive, credits and purchases negative for charges... see bought_minutes). */
  minutes: z.number().int(),
  /** Of those, bought minutes (spent when positive, returned or added when negative). */
  bought_minutes: z.number().int(),
  episode_id: z.string().nullable(),
  created_at: z.date(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

/** Spec 002 §3 'Billing overview' (GET /api/admin/billing/overview). */
/** The admin Billing tab's Stripe health: the last outage and its cause, the last webhook event, the webhook deliveries that failed (times ISO). */
export const ZPaymentsHealth = z.object({
  last_stripe_error: z.string().nullable(),
  last_stripe_error_at: z.string().nullable(),
  last_event_at: z.string().nullable(),
  last_event_type: z.string().nullable(),
  webhook_failures: z.number().int().min(0),
  last_webhook_failure: z.string().nullable(),
  last_webhook_failure_at: z.string().nullable(),
});
export type TPaymentsHealth = z.infer<typeof ZPaymentsHealth>;

export const ZBillingOverview = z.object({
  payments_enabled: z.boolean(),
  active_subscriptions: z.number().int().min(0),
  trialing: z.number().int().min(0),
  canceled_last_30d: z.number().int().min(0),
  trial_expiring_7d: z.number().int().min(0),
  gross_mrr_cents: z.number().int().min(0),
  lifetime_seats_sold: z.number().int().min(0),
  dashboard_url: z.string().nullable(),
  /** Stripe's health as this instance saw it (issue 35). */
  health: ZPaymentsHealth,
});
export type TBillingOverview = z.infer<typeof ZBillingOverview>;

/** The admin metrics' money figures (spec 002 §3 'Metrics'). */
export const ZRevenueMetrics = z.object({
  mrr_cents: z.number().int().min(0),
  arr_cents: z.number().int().min(0),
  revenue_30d_cents: z.number().int().min(0),
});
export type TRevenueMetrics = z.infer<typeof ZRevenueMetrics>;

/* ---------------------------------------------------------------- Stripe prices from the plan table */

/** One price `pnpm stripe:sync` keeps in the Stripe account, found again by its lookup key. */
export interface TStripePrice {
  lookupKey: string;
  /** The Stripe product it belongs to (one per plan, one for minutes). */
  productKey: string;
  productName: string;
  unitAmountCents: number;
  interval: 'month' | 'year' | null;
  plan: TCheckoutPlanKey;
  cycle: TBillingCycle;
  /** The tier the purchase gives (minutes: the rate's tier). */
  tier: TTierKey;
}

/** 'creator_monthly', 'pro_annual', 'creator_lifetime', 'minutes_hour_creator'. */
export function priceLookupKey(plan: TCheckoutPlanKey, cycle: TBillingCycle, rateTier?: TTierKey): string {
  if (plan === 'minutes') return `minutes_hour_${rateTier ?? 'starter'}`;
  return `${plan}_${cycle}`;
}

function planPrices(): TStripePrice[] {
  const prices: TStripePrice[] = [];
  for (const plan of PLANS) {
    if (plan.contact || plan.monthlyCents === null) continue;
    const base = { productKey: plan.key, productName: `Podcast Plus Plus ${plan.name}`, plan: plan.key, tier: plan.key };
    prices.push({
      ...base,
      lookupKey: priceLookupKey(plan.key, 'monthly'),
      unitAmountCents: plan.monthlyCents,
      interval: 'month',
      cycle: 'monthly',
    });
    if (plan.annualMonthlyCents !== null) {
      const yearly = plan.annualMonthlyCents * 12;
      prices.push({ ...base, lookupKey: priceLookupKey(plan.key, 'annual'), unitAmountCents: yearly, interval: 'year', cycle: 'annual' });
    }
  }
  return prices;
}

function founderPrices(): TStripePrice[] {
  return FOUNDERS_OFFERS.filter((offer) => offer.period !== 'month').map((offer) => {
    const cycle: TBillingCycle = offer.period === 'once' ? 'lifetime' : 'founders_annual';
    return {
      lookupKey: priceLookupKey(offer.plan, cycle),
      productKey: offer.plan,
      productName: `Podcast Plus Plus ${offer.plan === 'pro' ? 'Pro' : 'Creator'}`,
      unitAmountCents: offer.priceCents,
      interval: offer.period === 'year' ? 'year' : null,
      plan: offer.plan,
      cycle,
      tier: offer.plan,
    };
  });
}

function minutePrices(): TStripePrice[] {
  return PLANS.filter((plan) => plan.extraRateCentsPerHour !== null).map((plan) => ({
    lookupKey: priceLookupKey('minutes', 'once', plan.key),
    productKey: 'minutes',
    productName: 'Podcast Plus Plus processing hour',
    unitAmountCents: plan.extraRateCentsPerHour ?? 0,
    interval: null,
    plan: 'minutes' as const,
    cycle: 'once' as const,
    tier: plan.key,
  }));
}

/** Every price of the plan table, as `pnpm stripe:sync` creates them. */
export const STRIPE_PRICES: readonly TStripePrice[] = [...planPrices(), ...founderPrices(), ...minutePrices()];

export function stripePriceFor(lookupKey: string): TStripePrice | undefined {
  return STRIPE_PRICES.find((price) => price.lookupKey === lookupKey);
}

/** The tier whose extra rate a purchase of minutes pays: the plan's own, Starter's for free accounts. */
export function minutesRateTier(tier: TTierKey): TPlanKey | null {
  if (tier === 'unlimited') return null;
  if (tier === 'free') return 'starter';
  return tier;
}

/** Whole hours that cover a shortfall of minutes (Buy Minutes sells hours). */
export function hoursCovering(minutes: number): number {
  return Math.min(PAYMENTS.maxHoursPerPurchase, Math.max(1, Math.ceil(minutes / 60)));
}

/** A plan's price per month in cents for MRR: annual prices divided by 12, lifetime and minutes none. */
export function monthlyEquivalentCents(unitAmountCents: number, interval: 'month' | 'year' | null): number {
  if (interval === 'month') return unitAmountCents;
  if (interval === 'year') return Math.round(unitAmountCents / 12);
  return 0;
}

/** Tiers from least to most: the better of a paid plan and the account's own tier wins. */
export function tierRank(tier: TTierKey): number {
  return TIER_KEYS.indexOf(tier);
}

/** The pricing page keeps the plan chosen while signed out across sign-in or register, then starts its checkout. */
export const PENDING_CHECKOUT_STORAGE_KEY = 'ppp.checkout.pending';

export const ZPendingCheckout = z.object({ plan_key: ZCheckoutPlanKey, billing_cycle: ZBillingCycle });

/** Minutes the Episode Creator's 'Not enough processing minutes' was short by, so Buy Minutes can buy exactly that. */
export const BILLING_SHORTFALL_STORAGE_KEY = 'ppp.billing.shortfall';

/**
 * The in-app page that asked for billing (the Episode Creator's Upgrade Plan or Buy Minutes), kept in
 * the tab's sessionStorage so that a checkout started from the Subscription view comes back to it.
 */
export const CHECKOUT_RETURN_STORAGE_KEY = 'ppp.checkout.return';

/** Minutes short of an assembly: required less remaining (nothing when either is unknown or nothing is short). */
export function minutesShortfall(required: number | null, remaining: number | null): number | null {
  if (required === null || remaining === null) return null;
  return required > remaining ? required - remaining : null;
}
export type TPendingCheckout = z.infer<typeof ZPendingCheckout>;
