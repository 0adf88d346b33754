import type { z } from 'zod';
import {
  BILLING,
  BILLING_MESSAGES,
  DEFAULT_TIER_VALUES,
  EDITABLE_TIER_KEYS,
  TIER_FEATURE_KEYS,
  ZTier,
  tierFeatureLabel,
  tierFeatureType,
  type TTierConfig,
  type TTierFeatureValue,
  type TTierKey,
  type TTierValues,
  type ZTierConfigUpdate,
} from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { TiersRepository } from './tiers.repository.ts';

/**
 * The tier table: limits and capabilities per tier, seeded from the plan table in contracts and
 * changed by admins (GET and PUT /api/admin/tiers). Unlimited is implicit: no maximum, every
 * capability, not editable. An unknown tier on an account reads as free.
 */
export class TiersService {
  private readonly repository: TiersRepository;
  constructor(repository: TiersRepository) {
    this.repository = repository;
  }

  /** One tier's values: the seeded defaults with the admin's changes over them. */
  async valuesFor(tier: string): Promise<TTierValues> {
    const key: TTierKey = ZTier.catch('free').parse(tier);
    if (key === BILLING.implicitTier) return DEFAULT_TIER_VALUES.unlimited;
    const stored = (await this.repository.storedFor([key])).get(key);
    return { ...DEFAULT_TIER_VALUES[key], ...(stored ?? {}) };
  }

  /** Spec 002 §3 'Tier config': tiers and features (key, label, type, values per tier). */
  async config(): Promise<TTierConfig> {
    const stored = await this.repository.storedFor(EDITABLE_TIER_KEYS);
    const valuesOf = (tier: TTierKey): TTierValues => ({ ...DEFAULT_TIER_VALUES[tier], ...(stored.get(tier) ?? {}) });
    const perTier = new Map(EDITABLE_TIER_KEYS.map((tier) => [tier, valuesOf(tier)]));
    return {
      tiers: [...EDITABLE_TIER_KEYS],
      features: TIER_FEATURE_KEYS.map((key) => ({
        key,
        label: tierFeatureLabel(key),
        type: tierFeatureType(key) ?? 'number',
        values: Object.fromEntries(EDITABLE_TIER_KEYS.map((tier) => [tier, perTier.get(tier)?.[key] ?? null])),
      })),
    };
  }

  /** PUT /api/admin/tiers: the values sent replace the stored ones; tiers and features left out keep theirs. */
  async update(body: z.output<typeof ZTierConfigUpdate>): Promise<TTierConfig> {
    const changes = new Map<TTierKey, Record<string, TTierFeatureValue>>();
    for (const feature of body.features) {
      const type = tierFeatureType(feature.key);
      if (type === null) throw new AppError('VALIDATION', `${BILLING_MESSAGES.unknownFeature}: ${feature.key}`);
      for (const [tier, value] of Object.entries(feature.values)) {
        const key = EDITABLE_TIER_KEYS.find((editable) => editable === tier);
        if (key === undefined) throw new AppError('VALIDATION', `${BILLING_MESSAGES.unknownTier}: ${tier}`);
        const fits = type === 'boolean' ? typeof value === 'boolean' : value === null || typeof value === 'number';
        if (!fits)
          throw new AppError(
            'VALIDATION',
            `${feature.key} takes a ${type === 'boolean' ? 'true or false' : 'whole number or null (unlimited)'}`,
          );
        changes.set(key, { ...(changes.get(key) ?? {}), [feature.key]: value });
      }
    }
    await this.repository.merge(changes);
    return this.config();
  }
}
