import {
  PAYMENTS,
  PAYMENTS_MESSAGES,
  foundersDeadline,
  minutesRateTier,
  priceLookupKey,
  ZBillingCycle,
  ZCheckoutPlanKey,
  type TBillingCycle,
  type TCheckoutRequest,
  type TCheckoutResponse,
  type TCheckoutResult,
  type TCheckoutPlanKey,
} from '@ppp/contracts';
import { AppError, orNotFound } from '../errors.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { User } from '../users/user.entity.ts';
import type { BillingRepository } from './billing.repository.ts';
import type { CheckoutSession } from './checkout-session.entity.ts';
import type { PaymentsGateway } from './payments.port.ts';
import type { PlansService } from './plans.service.ts';
import { StripeSyncService } from './stripe-sync.service.ts';

export interface CheckoutDeps {
  billing: BillingRepository;
  gateway: PaymentsGateway | null;
  plans: PlansService;
  mail: MailService;
  publicUrl: string;
}

interface Purchase {
  plan: TCheckoutPlanKey;
  cycle: TBillingCycle;
  mode: 'subscription' | 'payment';
  lookupKey: string;
  quantity: number;
  hours: number | null;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * Checkout, its result, the forced sync and the billing portal (spec 002 §7 'Billing'). Every call
 * first needs payments on: without a gateway it says so and whom to ask.
 */
export class CheckoutService {
  private readonly deps: CheckoutDeps;
  private readonly billing: BillingRepository;
  constructor(deps: CheckoutDeps) {
    this.deps = deps;
    this.billing = deps.billing;
  }

  private gateway(): PaymentsGateway {
    if (!this.deps.gateway) throw new AppError('NOT_CONFIGURED', PAYMENTS_MESSAGES.paymentsOff);
    return this.deps.gateway;
  }

  /** Which price a request buys, or the spec's refusal. */
  private async purchaseOf(user: User, input: TCheckoutRequest, now: Date): Promise<Purchase> {
    const { plan_key: plan, billing_cycle: cycle } = input;
    if (plan === 'enterprise') throw new AppError('CONFLICT', PAYMENTS_MESSAGES.enterpriseContact);
    if (plan === 'minutes') {
      const rateTier = minutesRateTier(await this.deps.plans.effectiveTier(user, now));
      if (rateTier === null) throw new AppError('CONFLICT', PAYMENTS_MESSAGES.noMinutesToBuy);
      const hours = input.hours ?? 1;
      return { plan, cycle: 'once', mode: 'payment', lookupKey: priceLookupKey('minutes', 'once', rateTier), quantity: hours, hours };
    }
    if (cycle === 'once') throw new AppError('VALIDATION', PAYMENTS_MESSAGES.hoursRequired);
    if (plan === 'starter' && cycle !== 'monthly') throw new AppError('VALIDATION', PAYMENTS_MESSAGES.starterNoAnnual);
    if ((cycle === 'lifetime' || cycle === 'founders_annual') && now.getTime() > foundersDeadline(now).getTime()) {
      throw new AppError('CONFLICT', PAYMENTS_MESSAGES.offerEnded);
    }
    if (cycle !== 'lifetime' && (await this.billing.liveStripeSubscription(user.id, now))) {
      throw new AppError('CONFLICT', PAYMENTS_MESSAGES.alreadySubscribed);
    }
    const mode = cycle === 'lifetime' ? 'payment' : 'subscription';
    return { plan, cycle, mode, lookupKey: priceLookupKey(plan, cycle), quantity: 1, hours: null };
  }

  private async customerFor(user: User): Promise<string> {
    const stored = await this.billing.customerIdOf(user.id);
    if (stored) return stored;
    return this.billing.saveCustomer(user.id, await this.gateway().createCustomer(user));
  }

  /** POST /api/billing/checkout: a Stripe Checkout Session for this user; returns its URL. */
  async checkout(user: User, input: TCheckoutRequest, now = new Date()): Promise<TCheckoutResponse> {
    const gateway = this.gateway();
    const purchase = await this.purchaseOf(user, input, now);
    const [price] = await gateway.findPrices([purchase.lookupKey]);
    if (!price) throw new AppError('NOT_CONFIGURED', PAYMENTS_MESSAGES.priceMissing(purchase.lookupKey));
    const customerId = await this.customerFor(user);
    const create = async (billing: BillingRepository) => {
      const session = await gateway.createCheckoutSession({
        mode: purchase.mode,
        customerId,
        priceId: price.id,
        quantity: purchase.quantity,
        successUrl: `${this.deps.publicUrl}/?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${this.deps.publicUrl}/pricing`,
        clientReferenceId: user.id,
        expiresAt: new Date(now.getTime() + PAYMENTS.checkoutExpiresSeconds * 1000),
        metadata: { user_id: user.id, plan_key: purchase.plan, billing_cycle: purchase.cycle, hours: String(purchase.hours ?? '') },
      });
      billing.createCheckoutSession({
        id: session.id,
        userId: user.id,
        planKey: purchase.plan,
        billingCycle: purchase.cycle,
        hours: purchase.hours,
        expiresAt: session.expiresAt,
      });
      await billing.flush();
      return { url: session.url ?? '', session_id: session.id };
    };
    if (purchase.cycle !== 'lifetime') return create(this.billing);
    // Lifetime seats: counted and taken under one lock, so two buyers of the last seat cannot both get it.
    return this.billing.transactional(async (tx) => {
      if ((await tx.billing.lockAndCountLifetimeSeats(now)) >= PAYMENTS.lifetimeSeatsCap) {
        throw new AppError('CONFLICT', PAYMENTS_MESSAGES.lifetimeSoldOut);
      }
      return create(tx.billing);
    });
  }

  private async ownSession(user: User, sessionId: string): Promise<CheckoutSession> {
    return orNotFound(await this.billing.checkoutSessionOf(user.id, sessionId), PAYMENTS_MESSAGES.sessionNotFound);
  }

  private async resultOf(user: User, row: CheckoutSession): Promise<TCheckoutResult> {
    await this.billing.refreshSession(row);
    const plan = await this.deps.plans.effectivePlan(user);
    const applied = row.appliedAt !== null && row.appliedAt !== undefined;
    return {
      status: row.status === 'complete' || applied ? 'complete' : row.status === 'expired' ? 'expired' : 'open',
      applied,
      plan_key: ZCheckoutPlanKey.parse(row.planKey),
      billing_cycle: ZBillingCycle.parse(row.billingCycle),
      renewal_date: applied ? iso(plan.entitlement?.currentPeriodEnd) : null,
      applied_credit: applied && row.planKey === 'minutes' ? (row.hours ?? 0) * 60 : 0,
    };
  }

  /** GET /api/billing/checkout_result?session_id: what the session bought and whether it shows yet. */
  async checkoutResult(user: User, sessionId: string): Promise<TCheckoutResult> {
    this.gateway();
    return this.resultOf(user, await this.ownSession(user, sessionId));
  }

  /** POST /api/billing/force_sync_session: fetches the session from Stripe and applies it now (a late webhook). */
  async forceSync(user: User, sessionId: string): Promise<TCheckoutResult> {
    const gateway = this.gateway();
    const row = await this.ownSession(user, sessionId);
    const session = await gateway.getCheckoutSession(sessionId);
    if (session) {
      await this.billing.transactional((tx) => new StripeSyncService({ tx, gateway, mail: this.deps.mail }).applySession(session));
    }
    return this.resultOf(user, row);
  }

  /** POST /api/billing/portal: a Stripe billing portal session for the user's customer. */
  async portal(user: User): Promise<{ url: string }> {
    const gateway = this.gateway();
    const customerId = await this.billing.customerIdOf(user.id);
    if (!customerId) throw new AppError('CONFLICT', PAYMENTS_MESSAGES.noBillingAccount);
    return { url: await gateway.createPortalSession(customerId, `${this.deps.publicUrl}${PAYMENTS.subscriptionPath}`) };
  }
}
