import {
  PAYMENTS_MESSAGES,
  PLAN_FEATURE_LABELS,
  WEBSITE,
  WEBSITE_MESSAGES,
  ZTier,
  tierRank,
  type TPlanFeature,
  type TTierKey,
  type TTierValues,
} from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { User } from '../users/user.entity.ts';
import type { BillingRepository } from './billing.repository.ts';
import type { Subscription } from './subscription.entity.ts';
import type { TiersService } from './tiers.service.ts';
import type { PlanUser } from './feature-gate.ts';

export interface EffectivePlan {
  tier: TTierKey;
  /** The paid, lifetime or trial row that gives the tier, or null when it is the account's own tier. */
  entitlement: Subscription | null;
}

/**
 * The one place that answers what an account may do (issue 35): its plan now, the better of its
 * live paid, lifetime or trial rows and its own tier (set by admins, or default_tier at
 * registration), and from that plan its features, limits and (through UsageService) minutes. An
 * admin-set subscription expiry takes effect at its date: from then the account's own tier reads as
 * the instance's default tier. Every gate asks it, never the stored tier; a workspace member is
 * asked about with the workspace owner.
 */
export class EntitlementsService {
  private readonly deps: { billing: BillingRepository; tiers: TiersService; settings: SettingsService };
  constructor(deps: { billing: BillingRepository; tiers: TiersService; settings: SettingsService }) {
    this.deps = deps;
  }

  async accountTier(user: Pick<User, 'tier' | 'subscriptionExpiresAt'>, now: Date): Promise<TTierKey> {
    const own = ZTier.catch('free').parse(user.tier);
    const expires = user.subscriptionExpiresAt;
    if (expires && expires.getTime() <= now.getTime()) return (await this.deps.settings.get()).default_tier;
    return own;
  }

  async effectivePlan(user: PlanUser, now = new Date()): Promise<EffectivePlan> {
    let best: EffectivePlan = { tier: await this.accountTier(user, now), entitlement: null };
    for (const row of await this.deps.billing.liveEntitlements(user.id, now)) {
      const tier = ZTier.catch('free').parse(row.planKey);
      if (tierRank(tier) > tierRank(best.tier)) best = { tier, entitlement: row };
    }
    return best;
  }

  async effectiveTier(user: PlanUser, now = new Date()): Promise<TTierKey> {
    return (await this.effectivePlan(user, now)).tier;
  }

  async valuesFor(user: PlanUser, now = new Date()): Promise<TTierValues> {
    return this.deps.tiers.valuesFor(await this.effectiveTier(user, now));
  }

  async hasFeature(user: PlanUser, feature: TPlanFeature): Promise<boolean> {
    return (await this.valuesFor(user))[feature] === true;
  }

  /** Spec 002 §6: a custom domain on Pro and above, whatever gave the plan (checkout, trial, lifetime, the admin). */
  async customDomainAllowed(user: PlanUser, now = new Date()): Promise<boolean> {
    return (WEBSITE.customDomainTiers as readonly string[]).includes(await this.effectiveTier(user, now));
  }

  /** 402 in the website builder's words when the plan has no custom domain. */
  async requireCustomDomain(user: PlanUser): Promise<void> {
    if (!(await this.customDomainAllowed(user))) throw new AppError('PAYMENT_REQUIRED', WEBSITE_MESSAGES.customDomainPlan);
  }

  /** 402 FEATURE_LOCKED with the feature and the upgrade message when the plan does not include it. */
  async requireFeature(user: PlanUser, feature: TPlanFeature): Promise<void> {
    if (await this.hasFeature(user, feature)) return;
    throw new AppError('FEATURE_LOCKED', PAYMENTS_MESSAGES.featureLocked(PLAN_FEATURE_LABELS[feature]), {
      feature,
      tier: await this.effectiveTier(user),
    });
  }
}
