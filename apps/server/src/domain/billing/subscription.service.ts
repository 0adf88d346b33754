import {
  PAYMENTS,
  PAYMENTS_MESSAGES,
  ZBillingCycle,
  ZSubscriptionStatus,
  ZTier,
  planFeaturesOf,
  tierRank,
  type TBillingOverview,
  type TLedgerEntry,
  type TRevenueMetrics,
  type TSubscription,
} from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { PaymentsHealthService } from './payments-health.service.ts';
import type { User } from '../users/user.entity.ts';
import type { BillingRepository } from './billing.repository.ts';
import type { PlansService } from './plans.service.ts';
import type { Subscription } from './subscription.entity.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsageRepository } from './usage.repository.ts';

export interface SubscriptionDeps {
  billing: BillingRepository;
  /** The minutes ledger's charges and credits. */
  ledger: UsageRepository;
  plans: PlansService;
  paymentsEnabled: boolean;
  /** Stripe's health for the admin's Billing tab (issue 35). */
  health: Pick<PaymentsHealthService, 'health'>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
/** How many charges and credits the minutes ledger shows. */
const LEDGER_ROWS = 100;
/** The plan a trial gives: the pricing page's most popular plan. */
const TRIAL_PLAN = 'creator';

/** The trial's row: Creator for PAYMENTS.trialDays from `now`, ending by itself, free. */
function openTrial(billing: BillingRepository, userId: string, now: Date): void {
  billing.createSubscription({
    userId,
    source: 'trial',
    stripeSubscriptionId: null,
    planKey: TRIAL_PLAN,
    billingCycle: 'monthly',
    status: 'trialing',
    currentPeriodEnd: new Date(now.getTime() + PAYMENTS.trialDays * DAY_MS),
    cancelAtPeriodEnd: true,
    willCancelAt: null,
    canceledAt: null,
    monthlyCents: 0,
    stripeEventAt: null,
  });
}

/**
 * A new account starts the landing's 14-day trial (issue 37) when the admin's setting says so and its
 * own tier (the admin's default tier) is below the trial's plan; the instance's first account is unlimited.
 */
export async function startNewAccountTrial(
  deps: { billing: BillingRepository; settings: Pick<SettingsService, 'get'> },
  user: Pick<User, 'id' | 'tier'>,
  now = new Date(),
): Promise<void> {
  const own = ZTier.safeParse(user.tier);
  if (!own.success || tierRank(own.data) >= tierRank(TRIAL_PLAN)) return;
  if (!(await deps.settings.get()).new_account_trial) return;
  if (await deps.billing.hadTrial(user.id)) return;
  openTrial(deps.billing, user.id, now);
  await deps.billing.flush();
}

/** The Subscription view, the free trial, the minutes ledger and the admin's billing figures. */
export class SubscriptionService {
  private readonly deps: SubscriptionDeps;
  private readonly billing: BillingRepository;
  constructor(deps: SubscriptionDeps) {
    this.deps = deps;
    this.billing = deps.billing;
  }

  private describe(
    row: Subscription | null,
  ): Pick<TSubscription, 'status' | 'billing_cycle' | 'current_period_end' | 'cancel_at_period_end' | 'will_cancel_at'> {
    if (!row) return { status: 'none', billing_cycle: null, current_period_end: null, cancel_at_period_end: false, will_cancel_at: null };
    return {
      status: ZSubscriptionStatus.catch('active').parse(row.status),
      billing_cycle: ZBillingCycle.catch('monthly').parse(row.billingCycle),
      current_period_end: iso(row.currentPeriodEnd),
      cancel_at_period_end: row.cancelAtPeriodEnd,
      will_cancel_at: iso(row.willCancelAt),
    };
  }

  /** GET /api/billing/subscription. */
  async subscription(user: User, now = new Date()): Promise<TSubscription> {
    const plan = await this.deps.plans.effectivePlan(user, now);
    const shown = plan.entitlement ?? (await this.billing.latestSubscription(user.id));
    const fromRow = plan.entitlement !== null;
    return {
      plan_key: plan.tier,
      source: fromRow ? (shown?.source === 'lifetime' ? 'lifetime' : shown?.source === 'trial' ? 'trial' : 'stripe') : 'account',
      ...this.describe(fromRow ? shown : shown?.status === 'canceled' ? shown : null),
      payments_enabled: this.deps.paymentsEnabled,
      trial_available: !(await this.billing.hadTrial(user.id)) && tierRank(plan.tier) < tierRank(TRIAL_PLAN),
      portal_available: this.deps.paymentsEnabled && (await this.billing.customerIdOf(user.id)) !== null,
      features: planFeaturesOf(await this.deps.plans.valuesFor(user, now)),
    };
  }

  /** The 14-day free trial of the pricing page (no card): Creator until it ends, once per account. */
  async startTrial(user: User, now = new Date()): Promise<TSubscription> {
    await this.billing.transactional(async ({ billing }) => {
      await billing.lockKey(`trial:${user.id}`);
      if (await billing.hadTrial(user.id)) throw new AppError('CONFLICT', PAYMENTS_MESSAGES.trialUsed);
      if (tierRank(await this.deps.plans.effectiveTier(user, now)) >= tierRank(TRIAL_PLAN)) {
        throw new AppError('CONFLICT', PAYMENTS_MESSAGES.trialNotNeeded);
      }
      openTrial(billing, user.id, now);
      await billing.flush();
    });
    return this.subscription(user, now);
  }

  /** The minutes ledger, newest first: charges, credits and purchases. */
  async ledger(user: User): Promise<TLedgerEntry[]> {
    const charges = await this.deps.ledger.newestCharges(user.id, LEDGER_ROWS);
    const purchases = await this.billing.minutePurchases(user.id);
    const entries: TLedgerEntry[] = [
      ...charges.map((row) => ({
        kind: row.kind === 'credit' ? ('credit' as const) : ('assembly' as const),
        minutes: row.minutes,
        bought_minutes: row.boughtMinutes,
        episode_id: row.episodeId ?? null,
        created_at: row.createdAt,
      })),
      ...purchases.map((row) => ({
        kind: 'purchase' as const,
        minutes: row.minutes,
        bought_minutes: row.minutes,
        episode_id: null,
        created_at: row.createdAt,
      })),
    ];
    return entries.sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  }

  /** GET /api/admin/billing/overview. */
  async overview(now = new Date()): Promise<TBillingOverview> {
    const counts = await this.billing.overviewCounts(now);
    return {
      payments_enabled: this.deps.paymentsEnabled,
      active_subscriptions: counts.active,
      trialing: counts.trialing,
      canceled_last_30d: counts.canceled30d,
      trial_expiring_7d: counts.trialExpiring7d,
      gross_mrr_cents: counts.mrrCents,
      lifetime_seats_sold: await this.billing.lifetimeSeatsSold(),
      dashboard_url: this.deps.paymentsEnabled ? PAYMENTS.dashboardUrl : null,
      health: await this.deps.health.health(),
    };
  }

  /** The admin metrics' mrr_cents, arr_cents and revenue_30d_cents, from stored subscriptions and payments. */
  async revenueMetrics(now = new Date()): Promise<TRevenueMetrics> {
    const { mrrCents } = await this.billing.overviewCounts(now);
    return {
      mrr_cents: mrrCents,
      arr_cents: mrrCents * 12,
      revenue_30d_cents: await this.billing.revenueSince(new Date(now.getTime() - 30 * DAY_MS)),
    };
  }
}
