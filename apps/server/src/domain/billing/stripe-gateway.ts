import Stripe from 'stripe';
import { PAYMENTS, PAYMENTS_MESSAGES, ZSubscriptionStatus, type TSubscriptionStatus } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { TConfig } from '../../config.ts';
import type {
  CheckoutSessionInput,
  GatewayCheckoutSession,
  GatewayEvent,
  GatewayInvoice,
  GatewayPrice,
  GatewaySubscription,
  PaymentsGateway,
} from './payments.port.ts';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;
const dateOf = (seconds: number | null | undefined): Date | null => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);
const intervalOf = (price: Stripe.Price | null | undefined): 'month' | 'year' | null => {
  const interval = price?.recurring?.interval;
  if (interval === 'month') return 'month';
  return interval === 'year' ? 'year' : null;
};
/** Stripe's own statuses; paused and incomplete_expired read as the nearest the view knows. */
const statusOf = (status: string): TSubscriptionStatus =>
  ZSubscriptionStatus.catch(status === 'incomplete_expired' ? 'canceled' : 'past_due').parse(status);

export function readSubscription(sub: Stripe.Subscription): GatewaySubscription {
  const item = sub.items.data[0];
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: statusOf(sub.status),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    cancelAt: dateOf(sub.cancel_at),
    canceledAt: dateOf(sub.canceled_at),
    currentPeriodEnd: dateOf(item?.current_period_end),
    priceLookupKey: item?.price.lookup_key ?? null,
    unitAmountCents: item?.price.unit_amount ?? 0,
    interval: intervalOf(item?.price),
    metadata: { ...sub.metadata },
  };
}

export function readSession(session: Stripe.Checkout.Session): GatewayCheckoutSession {
  return {
    id: session.id,
    url: session.url,
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    mode: session.mode === 'subscription' ? 'subscription' : session.mode === 'setup' ? 'setup' : 'payment',
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    amountTotalCents: session.amount_total ?? 0,
    currency: session.currency ?? 'usd',
    expiresAt: new Date(session.expires_at * 1000),
    metadata: { ...session.metadata },
  };
}

function readInvoice(invoice: Stripe.Invoice): GatewayInvoice {
  return {
    id: invoice.id ?? '',
    customerId: idOf(invoice.customer),
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    amountPaidCents: invoice.amount_paid,
    currency: invoice.currency,
  };
}

function readEvent(event: Stripe.Event): GatewayEvent {
  const read: GatewayEvent = {
    id: event.id,
    type: event.type,
    created: new Date(event.created * 1000),
    session: null,
    subscription: null,
    invoice: null,
  };
  const object = event.data.object;
  if (object.object === 'checkout.session') read.session = readSession(object);
  else if (object.object === 'subscription') read.subscription = readSubscription(object);
  else if (object.object === 'invoice') read.invoice = readInvoice(object);
  return read;
}

/** STRIPE_API_URL (scheme, host and port; Stripe's own by default) as the client's host options. */
export function stripeHostOptions(apiUrl: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

const isMissing = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;

/** Stripe down, unreachable or too slow (after stripe-node's retries), as opposed to Stripe refusing the request. */
export function isStripeUnavailable(error: unknown): boolean {
  if (error instanceof Stripe.errors.StripeConnectionError) return true;
  return error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500;
}

/**
 * Runs one call to Stripe: unavailable, it is a 503 in words a buyer understands, with Retry-After
 * (never a bare 500), carrying Stripe's own error as its cause for the admin's Billing tab.
 */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isStripeUnavailable(error)) throw error;
    const cause = error instanceof Error ? error.message : String(error);
    throw new AppError('PAYMENTS_UNAVAILABLE', PAYMENTS_MESSAGES.unavailable, { cause }).withRetryAfter(
      PAYMENTS.unavailableRetryAfterSeconds,
    );
  }
}

/** The payments port on Stripe's API through the official client. */
export class StripeGateway implements PaymentsGateway {
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  constructor(secretKey: string, webhookSecret: string, apiUrl?: string) {
    this.stripe = new Stripe(secretKey, {
      ...stripeHostOptions(apiUrl),
      maxNetworkRetries: PAYMENTS.stripeNetworkRetries,
      timeout: PAYMENTS.stripeTimeoutMs,
    });
    this.webhookSecret = webhookSecret;
  }

  get client(): Stripe {
    return this.stripe;
  }

  async createCustomer(user: { id: string; email: string }): Promise<string> {
    // The idempotency key makes two checkouts at once for a new user create one customer.
    const customer = await callStripe(() =>
      this.stripe.customers.create({ email: user.email, metadata: { user_id: user.id } }, { idempotencyKey: `customer-${user.id}` }),
    );
    return customer.id;
  }

  async findPrices(lookupKeys: string[]): Promise<GatewayPrice[]> {
    const list = await callStripe(() => this.stripe.prices.list({ lookup_keys: lookupKeys, active: true, limit: 10 }));
    return list.data.map((price) => ({
      id: price.id,
      lookupKey: price.lookup_key ?? '',
      unitAmountCents: price.unit_amount ?? 0,
      interval: intervalOf(price),
    }));
  }

  async createCheckoutSession(input: CheckoutSessionInput): Promise<GatewayCheckoutSession> {
    const session = await callStripe(() =>
      this.stripe.checkout.sessions.create({
        mode: input.mode,
        customer: input.customerId,
        client_reference_id: input.clientReferenceId,
        line_items: [{ price: input.priceId, quantity: input.quantity }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        metadata: input.metadata,
        ...(input.mode === 'subscription' ? { subscription_data: { metadata: input.metadata } } : {}),
      }),
    );
    return readSession(session);
  }

  async getCheckoutSession(id: string): Promise<GatewayCheckoutSession | null> {
    try {
      return readSession(await callStripe(() => this.stripe.checkout.sessions.retrieve(id)));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async getSubscription(id: string): Promise<GatewaySubscription | null> {
    try {
      return readSubscription(await callStripe(() => this.stripe.subscriptions.retrieve(id)));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    const session = await callStripe(() => this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
    return session.url;
  }

  async verifyEvent(rawBody: string, signature: string): Promise<GatewayEvent> {
    const event = await this.stripe.webhooks.constructEventAsync(rawBody, signature, this.webhookSecret, PAYMENTS.webhookToleranceSeconds);
    return readEvent(event);
  }
}

/** Stripe when STRIPE_SECRET_KEY is set, else null: payments are off. */
export function paymentsGatewayFor(config: TConfig): PaymentsGateway | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  return new StripeGateway(config.STRIPE_SECRET_KEY, config.STRIPE_WEBHOOK_SECRET ?? '', config.STRIPE_API_URL);
}
