import { z } from 'zod';
import { PLAN_FEATURE_KEYS, PLAN_FEATURE_LABELS, TIERS, TIER_KEYS, type TTierKey, type TTierLimits } from './plans.ts';

/**
 * Processing minutes, the episode quota and the tier table (spec 000 sections 1, 8 and 9; spec 002
 * sections 1, 3, 7 and 9). Minutes are consumed when an assembly starts and are not refunded when
 * the episode or the upload is deleted (spec 002 §1, terms).
 */
export const BILLING = {
  /** 'Minutes needed: rounded-up seconds divided by 60, at least 1.' */
  minMinutesPerJob: 1,
  /** 'Quota warning: remaining at or below 10% of monthly max (and above 0).' */
  quotaWarningShare: 0.1,
  /**
   * Not in the spec (it names the quota but not its size): episodes a month per tier, null is
   * unlimited. Admins change them in the tier editor.
   */
  episodesPerMonth: { free: 4, starter: 8, creator: 30, pro: 100, enterprise: null, unlimited: null } satisfies Record<
    TTierKey,
    number | null
  >,
  /** Spec 002 §9: 'unlimited (implicit in the tier editor)': it is not a column there and cannot be edited. */
  implicitTier: 'unlimited' as const,
} as const;

export const BILLING_MESSAGES = {
  /** Spec 000 §8: the blocking message of the insufficient-minutes dialog. */
  insufficientMinutes: 'Not enough processing minutes remain to assemble this episode.',
  /** Spec 000 §8: any other 402 on assemble. */
  episodeQuotaReached: 'Monthly episode quota reached. Upgrade your plan to continue.',
  /** Spec 000 §5 (step 5). */
  quotaExceeded: 'Quota exceeded – upgrade or wait for reset.',
  unableToCheckMinutes: 'Unable to check minutes.',
  unknownTier: 'Unknown tier',
  unknownFeature: 'Unknown tier feature',
} as const;

/** Minutes a job of this many seconds needs: whole minutes rounded up, at least 1 (millisecond noise ignored). */
export function minutesNeeded(seconds: number): number {
  const ms = Math.max(0, Math.round(seconds * 1000));
  return Math.max(BILLING.minMinutesPerJob, Math.ceil(ms / 60_000));
}

/** Whether a monthly allowance is low enough to warn: at or below 10% of the maximum and above 0. */
export function isQuotaLow(remaining: number | null, max: number | null): boolean {
  if (remaining === null || max === null || max <= 0) return false;
  return remaining > 0 && remaining <= max * BILLING.quotaWarningShare;
}

/* ---------------------------------------------------------------- the tier table */

/** Numeric limits of a tier in the tier editor; null is unlimited. */
export const TIER_NUMBER_FEATURES = [
  { key: 'max_processing_minutes_month', label: 'Processing minutes per month' },
  { key: 'max_episodes_month', label: 'Episodes per month' },
  { key: 'queue_storage_hours', label: 'Upload queue storage (hours)' },
  { key: 'queue_held_days', label: 'Upload queue held (days)' },
] as const;
export type TTierNumberFeature = (typeof TIER_NUMBER_FEATURES)[number]['key'];
export type TTierFeatureKey = TTierNumberFeature | (typeof PLAN_FEATURE_KEYS)[number];

export const ZTierFeatureValue = z.union([z.boolean(), z.number().int().min(0), z.null()]);
export type TTierFeatureValue = z.infer<typeof ZTierFeatureValue>;
/** One tier's values by feature key. */
export type TTierValues = Record<TTierFeatureKey, TTierFeatureValue>;

/** Spec 002 §3 'Tier config': tiers (list of names) and features (key, label, type boolean or number, values per tier). */
export const ZTierFeature = z.object({
  key: z.string().min(1),
  label: z.string(),
  type: z.enum(['boolean', 'number']),
  values: z.record(z.string(), ZTierFeatureValue),
});
export type TTierFeature = z.infer<typeof ZTierFeature>;

export const ZTierConfig = z.object({ tiers: z.array(z.string()), features: z.array(ZTierFeature) });
export type TTierConfig = z.infer<typeof ZTierConfig>;

/** PUT /api/admin/tiers: the editor sends the whole table back; tiers or features left out keep their values. */
export const ZTierConfigUpdate = z.object({
  tiers: z.array(z.string()).optional(),
  features: z.array(ZTierFeature.extend({ label: z.string().optional(), type: z.enum(['boolean', 'number']).optional() })),
});
export type TTierConfigUpdate = z.input<typeof ZTierConfigUpdate>;

/** Every feature key of the editor, numbers first. */
export const TIER_FEATURE_KEYS: readonly TTierFeatureKey[] = [...TIER_NUMBER_FEATURES.map((f) => f.key), ...PLAN_FEATURE_KEYS];

export function tierFeatureType(key: string): 'boolean' | 'number' | null {
  if (TIER_NUMBER_FEATURES.some((f) => f.key === key)) return 'number';
  if ((PLAN_FEATURE_KEYS as readonly string[]).includes(key)) return 'boolean';
  return null;
}

export function tierFeatureLabel(key: TTierFeatureKey): string {
  return TIER_NUMBER_FEATURES.find((f) => f.key === key)?.label ?? PLAN_FEATURE_LABELS[key as (typeof PLAN_FEATURE_KEYS)[number]];
}

/** A tier's seeded values, from the plan table in plans.ts (the single source) plus the episode quota. */
export function defaultTierValues(tier: TTierLimits): TTierValues {
  return {
    max_processing_minutes_month: tier.processingMinutes,
    max_episodes_month: BILLING.episodesPerMonth[tier.key],
    queue_storage_hours: tier.queueStorageHours,
    queue_held_days: tier.queueHeldDays,
    ...tier.features,
  };
}

export const DEFAULT_TIER_VALUES: Readonly<Record<TTierKey, TTierValues>> = Object.fromEntries(
  TIERS.map((tier) => [tier.key, defaultTierValues(tier)]),
) as Record<TTierKey, TTierValues>;

/** The tiers the editor shows as columns (every tier but the implicit unlimited one). */
export const EDITABLE_TIER_KEYS: readonly TTierKey[] = TIER_KEYS.filter((key) => key !== BILLING.implicitTier);

/* ---------------------------------------------------------------- usage and the minutes precheck */

/**
 * GET /api/billing/usage: spec 002 §3 (processing_minutes_used_this_month, minutes_used,
 * minutes_left, max_processing_minutes_month) and spec 000 §3 (episodes_remaining_this_month,
 * max_episodes_month); null maximums are unlimited, shown as unlimited.
 */
export const ZUsage = z.object({
  tier: z.string(),
  period_start: z.string(),
  /** The first day of the next period (ISO date), when this month's minutes reset. */
  renewal_date: z.string(),
  processing_minutes_used_this_month: z.number().min(0),
  minutes_used: z.number().min(0),
  /** Remaining minutes rounded up (spec 000 §9); null is unlimited. */
  minutes_left: z.number().int().min(0).nullable(),
  max_processing_minutes_month: z.number().int().min(0).nullable(),
  /** What is left of this month's plan minutes (use-it-or-lose-it); null is unlimited. */
  monthly_minutes_left: z.number().int().min(0).nullable(),
  /** Bought minutes left: they roll over and are spent after the monthly ones. */
  bought_minutes_left: z.number().int().min(0),
  episodes_used_this_month: z.number().int().min(0),
  episodes_remaining_this_month: z.number().int().min(0).nullable(),
  max_episodes_month: z.number().int().min(0).nullable(),
});
export type TUsage = z.infer<typeof ZUsage>;

/**
 * Step 5's 'Quota exceeded – upgrade or wait for reset.' (spec 000 §5): no episode of the monthly
 * quota is left (null is unlimited). The assemble call refuses the same state with a 402.
 */
export function episodeQuotaExceeded(usage: Pick<TUsage, 'episodes_remaining_this_month'> | null | undefined): boolean {
  const remaining = usage?.episodes_remaining_this_month;
  return remaining !== null && remaining !== undefined && remaining <= 0;
}

/** POST /api/episodes/precheck/minutes: the template and the upload (its id, stored filename or original name). */
export const ZMinutesPrecheckRequest = z.object({
  template_id: z.string().trim().min(1),
  main_content_filename: z.string().trim().min(1),
  /** Script overrides per tts segment id, as assembly would speak them. */
  tts_values: z.record(z.string(), z.string()).optional(),
});
export type TMinutesPrecheckRequest = z.input<typeof ZMinutesPrecheckRequest>;

/** Spec 000 §3 'Minutes precheck result'; a blocking result is also the body of the 402 (with detail and code). */
export const ZMinutesPrecheck = z.object({
  allowed: z.boolean(),
  minutes_required: z.number().int().min(1),
  /** Null when the tier is unlimited. */
  minutes_remaining: z.number().int().min(0).nullable(),
  renewal_date: z.string(),
  total_seconds: z.number().min(0),
  /** Intro, outro and other clips (static files and estimated AI-voice scripts). */
  static_seconds: z.number().min(0),
  main_seconds: z.number().min(0),
  /** Why it is blocked, else null. */
  message: z.string().nullable(),
});
export type TMinutesPrecheck = z.infer<typeof ZMinutesPrecheck>;
