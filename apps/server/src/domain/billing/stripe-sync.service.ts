import {
  NOTIFICATION_LINKS,
  PAYMENTS_MESSAGES,
  ZBillingCycle,
  ZCheckoutPlanKey,
  monthlyEquivalentCents,
  stripePriceFor,
} from '@ppp/contracts';
import { NotificationsService } from '../notifications/notifications.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { BillingRepository, BillingTransaction } from './billing.repository.ts';
import type { GatewayCheckoutSession, GatewayEvent, GatewayInvoice, GatewaySubscription, PaymentsGateway } from './payments.port.ts';

export interface StripeSyncDeps {
  /** The caller's transaction. */
  tx: BillingTransaction;
  gateway: PaymentsGateway;
  mail: MailService;
}

/**
 * Applies what Stripe reports (a webhook, or a session fetched by force_sync) to the stored state,
 * idempotently: a session applies once, a payment is recorded once per ref, and a subscription is
 * only ever moved forward (an older event re-reads the subscription from Stripe; canceled is final).
 */
export class StripeSyncService {
  private readonly deps: StripeSyncDeps;
  private readonly billing: BillingRepository;
  constructor(deps: StripeSyncDeps) {
    this.deps = deps;
    this.billing = deps.tx.billing;
  }

  async applyEvent(event: GatewayEvent): Promise<void> {
    if (event.type === 'checkout.session.completed' && event.session) await this.applySession(event.session);
    else if (event.type.startsWith('customer.subscription.') && event.subscription)
      await this.applySubscription(event.subscription, event.created);
    else if (event.type === 'invoice.paid' && event.invoice) await this.applyInvoicePaid(event.invoice, event.created);
    else if (event.type === 'invoice.payment_failed' && event.invoice) await this.applyInvoiceFailed(event.invoice, event.created);
  }

  /** A completed and paid Checkout Session: the subscription, the lifetime seat or the minutes it bought. */
  async applySession(session: GatewayCheckoutSession, now = new Date()): Promise<boolean> {
    const row = await this.billing.lockCheckoutSession(session.id);
    if (!row) return false;
    if (row.appliedAt) return true;
    if (session.status === 'expired') row.status = 'expired';
    if (session.status !== 'complete' || !session.paid) {
      await this.billing.flush();
      return false;
    }
    const userId = row.user.id;
    if (session.customerId) await this.billing.saveCustomer(userId, session.customerId);
    if (session.mode === 'subscription' && session.subscriptionId) {
      const subscription = await this.deps.gateway.getSubscription(session.subscriptionId);
      if (subscription) await this.applySubscription(subscription, now, userId);
    } else if (row.billingCycle === 'lifetime') {
      await this.applyLifetime(session, row.planKey, userId, now);
    } else if (row.planKey === 'minutes') {
      const minutes = (row.hours ?? 0) * 60;
      await this.billing.recordPayment({
        userId,
        ref: session.id,
        kind: 'minutes',
        amountCents: session.amountTotalCents,
        currency: session.currency,
        minutes,
      });
    }
    row.status = 'complete';
    row.appliedAt = now;
    await this.billing.flush();
    return true;
  }

  /** A lifetime seat bought: its subscription, active for good, and the payment. */
  private async applyLifetime(session: GatewayCheckoutSession, planKey: string, userId: string, now: Date): Promise<void> {
    this.billing.createSubscription({
      userId,
      source: 'lifetime',
      stripeSubscriptionId: null,
      planKey,
      billingCycle: 'lifetime',
      status: 'active',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      willCancelAt: null,
      canceledAt: null,
      monthlyCents: 0,
      stripeEventAt: now,
    });
    await this.billing.recordPayment({
      userId,
      ref: session.id,
      kind: 'lifetime',
      amountCents: session.amountTotalCents,
      currency: session.currency,
    });
  }

  /**
   * Mirrors a Stripe subscription. eventAt: when Stripe made the event; an event older than the
   * newest applied one is not trusted and the subscription is read again from Stripe instead.
   */
  async applySubscription(incoming: GatewaySubscription, eventAt: Date, knownUserId?: string): Promise<void> {
    await this.billing.lockKey(`stripe-subscription:${incoming.id}`);
    const existing = await this.billing.subscriptionByStripeId(incoming.id);
    if (existing?.status === 'canceled') return;
    let sub: GatewaySubscription | null = incoming;
    const stale = existing?.stripeEventAt && eventAt.getTime() < existing.stripeEventAt.getTime();
    if (stale) sub = await this.deps.gateway.getSubscription(incoming.id);
    if (!sub) return;
    const userId = knownUserId ?? existing?.user.id ?? sub.metadata.user_id ?? (await this.billing.userIdOfCustomer(sub.customerId));
    if (!userId || !(await this.deps.tx.users.findById(userId))) return;
    const price = sub.priceLookupKey ? stripePriceFor(sub.priceLookupKey) : undefined;
    const fields = {
      planKey: price?.tier ?? ZCheckoutPlanKey.catch('creator').parse(sub.metadata.plan_key),
      billingCycle: price?.cycle ?? ZBillingCycle.catch('monthly').parse(sub.metadata.billing_cycle),
      status: sub.status,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      willCancelAt: sub.cancelAt ?? (sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : null),
      canceledAt: sub.canceledAt ?? (sub.status === 'canceled' ? eventAt : null),
      monthlyCents: monthlyEquivalentCents(sub.unitAmountCents, sub.interval),
    };
    if (existing) {
      Object.assign(existing, fields);
      if (!stale) existing.stripeEventAt = eventAt;
    } else {
      this.billing.createSubscription({ userId, source: 'stripe', stripeSubscriptionId: sub.id, ...fields, stripeEventAt: eventAt });
    }
    await this.billing.saveCustomer(userId, sub.customerId);
    await this.billing.flush();
  }

  private async refreshSubscription(id: string, eventAt: Date): Promise<string | null> {
    const sub = await this.deps.gateway.getSubscription(id);
    if (!sub) return null;
    await this.applySubscription(sub, eventAt);
    return (await this.billing.subscriptionByStripeId(id))?.user.id ?? null;
  }

  private async userOfInvoice(invoice: GatewayInvoice, eventAt: Date): Promise<string | null> {
    const fromSubscription = invoice.subscriptionId ? await this.refreshSubscription(invoice.subscriptionId, eventAt) : null;
    if (fromSubscription) return fromSubscription;
    return invoice.customerId ? this.billing.userIdOfCustomer(invoice.customerId) : null;
  }

  /** invoice.paid: the payment for revenue figures, and the subscription's new period. */
  async applyInvoicePaid(invoice: GatewayInvoice, eventAt: Date): Promise<void> {
    const userId = await this.userOfInvoice(invoice, eventAt);
    if (!userId || invoice.amountPaidCents <= 0) return;
    await this.billing.recordPayment({
      userId,
      ref: invoice.id,
      kind: 'invoice',
      amountCents: invoice.amountPaidCents,
      currency: invoice.currency,
    });
  }

  /** invoice.payment_failed: the subscription turns past_due; the user hears of it in the app and by mail. */
  async applyInvoiceFailed(invoice: GatewayInvoice, eventAt: Date): Promise<void> {
    const userId = await this.userOfInvoice(invoice, eventAt);
    if (!userId) return;
    const user = await this.deps.tx.users.findById(userId);
    if (!user) return;
    const notice = { title: PAYMENTS_MESSAGES.paymentFailedTitle, body: PAYMENTS_MESSAGES.paymentFailedBody };
    const bell = new NotificationsService(this.deps.tx.notifications);
    await bell.notify(userId, { ...notice, dedupeKey: `payment-failed:${invoice.id}`, link: NOTIFICATION_LINKS.subscription });
    await this.deps.mail.send({ to: user.email, subject: notice.title, text: notice.body });
  }
}
