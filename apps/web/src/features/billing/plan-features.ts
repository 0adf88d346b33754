import { PAYMENTS_MESSAGES, PLAN_FEATURE_LABELS, type TPlanFeature, type TPlanFeatures } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { hasCode } from '../../lib/api-error.ts';

/**
 * What the signed-in account's plan includes (GET /api/billing/subscription's features), or null
 * while it loads or when it cannot be read: callers then offer everything and the server decides.
 */
export function usePlanFeatures(): TPlanFeatures | null {
  const subscription = trpc.billing.subscription.useQuery(undefined, { staleTime: 60_000, retry: false });
  return subscription.data?.features ?? null;
}

/** Whether the plan lacks a feature (unknown plans lack nothing: the server still refuses with its 402). */
export function isLocked(features: TPlanFeatures | null, feature: TPlanFeature): boolean {
  return features !== null && !features[feature];
}

/** The server's refusal of a feature the plan lacks: shown as a locked feature, not as a failure. */
export function isFeatureLocked(err: unknown): boolean {
  return hasCode(err, 'FEATURE_LOCKED');
}

/** '{Feature} is not included in your plan. Upgrade your plan to use it.' */
export function lockedMessage(feature: TPlanFeature): string {
  return PAYMENTS_MESSAGES.featureLocked(PLAN_FEATURE_LABELS[feature]);
}
