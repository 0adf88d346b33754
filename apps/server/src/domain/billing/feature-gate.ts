import type { TAssembleEpisodeRequest, TPlanFeature } from '@ppp/contracts';
import type { User } from '../users/user.entity.ts';
import type { PlansService } from './plans.service.ts';

/** What a service needs to know of the caller to read their plan (the account's tier, its expiry, its paid rows). */
export type PlanUser = Pick<User, 'id' | 'tier' | 'subscriptionExpiresAt'>;

/**
 * The one check a service makes before a plan feature acts: a 402 FEATURE_LOCKED naming the feature
 * and the upgrade message when the caller's plan (spec 002 §9) does not include it.
 */
export type FeatureGate = Pick<PlansService, 'requireFeature'>;

/**
 * The plan features an assembly request asks for (spec 002 §9): Flubber retakes, Intern answers,
 * sound effects, and publishing to Spreaker on its own once rendered (now or at a time). A draft,
 * published later by hand, is Starter's manual publishing.
 */
export function assemblyFeatures(body: TAssembleEpisodeRequest, hostKind: string): TPlanFeature[] {
  const features: TPlanFeature[] = [];
  const flubber = body.intents.flubber === 'yes' || body.flubber_cuts_ms.length > 0 || (body.flubber_indices?.length ?? 0) > 0;
  if (flubber) features.push('flubber');
  const intern = body.intents.intern === 'yes' || body.intern_answers.length > 0 || body.intents.intern_overrides.length > 0;
  if (intern) features.push('intern');
  if (body.intents.sfx === 'yes' || (body.sfx_choices?.length ?? 0) > 0) features.push('sfxTemplates');
  if (hostKind === 'spreaker' && body.publish.mode !== 'draft') features.push('autopublishSpreaker');
  return features;
}

/** Each feature in turn: the first one the plan lacks is refused. */
export async function requireFeatures(gate: FeatureGate, user: PlanUser, features: readonly TPlanFeature[]): Promise<void> {
  for (const feature of features) await gate.requireFeature(user, feature);
}
