import { LockMode } from '@mikro-orm/core';
import { UsersRepository } from '../users/users.repository.ts';
import { NotificationsRepository } from '../notifications/notifications.repository.ts';
import { BillingCustomerSchema } from './billing-customer.entity.ts';
import { CheckoutSessionSchema, type CheckoutSession } from './checkout-session.entity.ts';
import { PaymentSchema } from './payment.entity.ts';
import { SubscriptionSchema, type Subscription } from './subscription.entity.ts';
import { Repository } from '../../db/repository.ts';

/** Statuses in which a subscription still gives its plan (past_due while Stripe retries the card). */
export const LIVE_STATUSES = ['active', 'trialing', 'past_due'] as const;
/** A Stripe period that ended without a renewal webhook yet keeps its plan this long. */
const STRIPE_RENEWAL_GRACE_MS = 3 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** pg_advisory_xact_lock key serialising lifetime-seat counts. */
const LIFETIME_SEATS_LOCK = 0x11fe_5ea7;

export interface NewPayment {
  userId: string;
  ref: string;
  kind: 'invoice' | 'lifetime' | 'minutes';
  amountCents: number;
  currency: string;
  minutes?: number;
  createdAt?: Date;
}

/** The repositories of one transaction: billing's rows, and the users and notifications a Stripe event touches. */
export interface BillingTransaction {
  billing: BillingRepository;
  users: UsersRepository;
  notifications: NotificationsRepository;
}

/** All ORM access of billing: customers, subscriptions, checkout sessions, events and payments. */
export class BillingRepository extends Repository {
  /** Runs `work` in one transaction (committed when it resolves, rolled back when it throws), on repositories of its own. */
  transactional<T>(work: (tx: BillingTransaction) => Promise<T>): Promise<T> {
    return this.em.transactional((em) =>
      work({ billing: new BillingRepository(em), users: new UsersRepository(em), notifications: new NotificationsRepository(em) }),
    );
  }

  /** Reads a checkout session again (a webhook or force_sync may have applied it since). */
  async refreshSession(row: CheckoutSession): Promise<void> {
    await this.em.refresh(row);
  }

  async customerIdOf(userId: string): Promise<string | null> {
    return (await this.em.findOne(BillingCustomerSchema, { user: userId }))?.stripeCustomerId ?? null;
  }

  async userIdOfCustomer(customerId: string): Promise<string | null> {
    const row = await this.em.findOne(BillingCustomerSchema, { stripeCustomerId: customerId });
    return row ? row.user.id : null;
  }

  /** Stores the user's customer once; a second writer keeps the first. Returns the stored id. */
  async saveCustomer(userId: string, customerId: string): Promise<string> {
    await this.em.execute(
      `insert into billing_customers (user_id, stripe_customer_id, created_at) values (?, ?, now()) on conflict do nothing`,
      [userId, customerId],
    );
    return (await this.customerIdOf(userId)) ?? customerId;
  }

  /** Rows that give a plan now: live status and a period not yet over (lifetime has none). */
  async liveEntitlements(userId: string, now: Date): Promise<Subscription[]> {
    const rows = await this.em.find(
      SubscriptionSchema,
      { user: userId, status: { $in: [...LIVE_STATUSES] } },
      { orderBy: { createdAt: 'desc' } },
    );
    return rows.filter((row) => {
      if (row.currentPeriodEnd === null || row.currentPeriodEnd === undefined) return true;
      const grace = row.source === 'stripe' ? STRIPE_RENEWAL_GRACE_MS : 0;
      return row.currentPeriodEnd.getTime() + grace > now.getTime();
    });
  }

  /** The newest row of any status, for the Subscription view after a cancellation. */
  async latestSubscription(userId: string): Promise<Subscription | null> {
    return this.em.findOne(SubscriptionSchema, { user: userId }, { orderBy: { createdAt: 'desc' } });
  }

  async hadTrial(userId: string): Promise<boolean> {
    return (await this.em.count(SubscriptionSchema, { user: userId, source: 'trial' })) > 0;
  }

  async liveStripeSubscription(userId: string, now: Date): Promise<Subscription | null> {
    return (await this.liveEntitlements(userId, now)).find((row) => row.source === 'stripe') ?? null;
  }

  async subscriptionByStripeId(id: string): Promise<Subscription | null> {
    return this.em.findOne(SubscriptionSchema, { stripeSubscriptionId: id });
  }

  createSubscription(data: Omit<Subscription, 'id' | 'createdAt' | 'updatedAt' | 'user'> & { userId: string }): Subscription {
    const { userId, ...rest } = data;
    return this.em.create(SubscriptionSchema, { ...rest, user: userId });
  }

  /** Serialises work on one Stripe object inside the caller's transaction. */
  async lockKey(key: string): Promise<void> {
    await this.em.execute(`select pg_advisory_xact_lock(hashtext(?))`, [key]);
  }

  /** Inside a transaction: lifetime seats sold plus those held by open checkouts, counted under one lock. */
  async lockAndCountLifetimeSeats(now: Date): Promise<number> {
    await this.em.execute(`select pg_advisory_xact_lock(?)`, [LIFETIME_SEATS_LOCK]);
    const [row] = await this.em.execute<{ sold: string | number; held: string | number }[]>(
      `select (select count(*) from subscriptions where source = 'lifetime') as sold,
              (select count(*) from checkout_sessions where billing_cycle = 'lifetime' and status = 'open' and expires_at > ?) as held`,
      [now],
    );
    return Number(row?.sold ?? 0) + Number(row?.held ?? 0);
  }

  async lifetimeSeatsSold(): Promise<number> {
    return this.em.count(SubscriptionSchema, { source: 'lifetime' });
  }

  createCheckoutSession(data: Omit<CheckoutSession, 'user' | 'createdAt' | 'status' | 'appliedAt'> & { userId: string }): CheckoutSession {
    const { userId, ...rest } = data;
    return this.em.create(CheckoutSessionSchema, { ...rest, user: userId, status: 'open', appliedAt: null });
  }

  /** The session, locked for the caller's transaction so two appliers of it run one after the other. */
  async lockCheckoutSession(id: string): Promise<CheckoutSession | null> {
    return this.em.findOne(CheckoutSessionSchema, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  async checkoutSessionOf(userId: string, id: string): Promise<CheckoutSession | null> {
    return this.em.findOne(CheckoutSessionSchema, { id, user: userId });
  }

  /** Records a Stripe event id; false when it was recorded before (or by a concurrent delivery that committed). */
  async recordEvent(id: string, type: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `insert into stripe_events (id, type, received_at) values (?, ?, now()) on conflict (id) do nothing returning id`,
      [id, type],
    );
    return rows.length > 0;
  }

  /** Records a payment once per ref; false when it was already recorded. */
  async recordPayment(payment: NewPayment): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `insert into payments (id, user_id, ref, kind, amount_cents, currency, minutes, created_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?) on conflict (ref) do nothing returning id`,
      [
        payment.userId,
        payment.ref,
        payment.kind,
        payment.amountCents,
        payment.currency,
        payment.minutes ?? 0,
        payment.createdAt ?? new Date(),
      ],
    );
    return rows.length > 0;
  }

  async minutePurchases(userId: string): Promise<{ minutes: number; createdAt: Date }[]> {
    const rows = await this.em.find(PaymentSchema, { user: userId, kind: 'minutes' }, { orderBy: { createdAt: 'desc' } });
    return rows.map((row) => ({ minutes: row.minutes, createdAt: row.createdAt }));
  }

  /** Spec 002 §3 'Billing overview' counts and the gross MRR of live Stripe subscriptions. */
  async overviewCounts(now: Date): Promise<{
    active: number;
    trialing: number;
    canceled30d: number;
    trialExpiring7d: number;
    mrrCents: number;
  }> {
    const monthAgo = new Date(now.getTime() - 30 * DAY_MS);
    const weekAhead = new Date(now.getTime() + 7 * DAY_MS);
    const [row] = await this.em.execute<Record<string, string | number>[]>(
      `select
         count(*) filter (where source in ('stripe', 'lifetime') and status in ('active', 'past_due')
                          and (current_period_end is null or current_period_end > ?)) as active,
         count(*) filter (where status = 'trialing' and current_period_end > ?) as trialing,
         count(*) filter (where status = 'canceled' and canceled_at >= ?) as canceled,
         count(*) filter (where status = 'trialing' and current_period_end > ? and current_period_end <= ?) as expiring,
         coalesce(sum(monthly_cents) filter (where source = 'stripe' and status in ('active', 'past_due')
                          and current_period_end > ?), 0) as mrr
       from subscriptions`,
      [now, now, monthAgo, now, weekAhead, now],
    );
    return {
      active: Number(row?.active ?? 0),
      trialing: Number(row?.trialing ?? 0),
      canceled30d: Number(row?.canceled ?? 0),
      trialExpiring7d: Number(row?.expiring ?? 0),
      mrrCents: Number(row?.mrr ?? 0),
    };
  }

  async revenueSince(since: Date): Promise<number> {
    const [row] = await this.em.execute<{ cents: string | number }[]>(
      `select coalesce(sum(amount_cents), 0) as cents from payments where created_at >= ?`,
      [since],
    );
    return Number(row?.cents ?? 0);
  }
}
