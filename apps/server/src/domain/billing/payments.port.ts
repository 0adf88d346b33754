import type { TSubscriptionStatus } from '@ppp/contracts';

/** A Stripe subscription as the domain reads it (period end from its item, as API versions since 2025 put it). */
export interface GatewaySubscription {
  id: string;
  customerId: string;
  status: TSubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  cancelAt: Date | null;
  canceledAt: Date | null;
  currentPeriodEnd: Date | null;
  priceLookupKey: string | null;
  unitAmountCents: number;
  interval: 'month' | 'year' | null;
  metadata: Record<string, string>;
}

export interface GatewayCheckoutSession {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  mode: 'subscription' | 'payment' | 'setup';
  customerId: string | null;
  subscriptionId: string | null;
  amountTotalCents: number;
  currency: string;
  expiresAt: Date;
  metadata: Record<string, string>;
}

export interface GatewayInvoice {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  amountPaidCents: number;
  currency: string;
}

/** A verified webhook event, with the object it carries read into one of the shapes above. */
export interface GatewayEvent {
  id: string;
  type: string;
  created: Date;
  session: GatewayCheckoutSession | null;
  subscription: GatewaySubscription | null;
  invoice: GatewayInvoice | null;
}

export interface GatewayPrice {
  id: string;
  lookupKey: string;
  unitAmountCents: number;
  interval: 'month' | 'year' | null;
}

export interface CheckoutSessionInput {
  mode: 'subscription' | 'payment';
  customerId: string;
  priceId: string;
  quantity: number;
  successUrl: string;
  cancelUrl: string;
  clientReferenceId: string;
  expiresAt: Date;
  metadata: Record<string, string>;
}

/**
 * The payments port. Off by default (no gateway: plans come from the tier table and admins);
 * Stripe when STRIPE_SECRET_KEY is set. Only what the billing services use.
 */
export interface PaymentsGateway {
  createCustomer(user: { id: string; email: string }): Promise<string>;
  findPrices(lookupKeys: string[]): Promise<GatewayPrice[]>;
  createCheckoutSession(input: CheckoutSessionInput): Promise<GatewayCheckoutSession>;
  getCheckoutSession(id: string): Promise<GatewayCheckoutSession | null>;
  getSubscription(id: string): Promise<GatewaySubscription | null>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** Checks the signature and timestamp (throws on either) and reads the event. */
  verifyEvent(rawBody: string, signature: string): Promise<GatewayEvent>;
}
