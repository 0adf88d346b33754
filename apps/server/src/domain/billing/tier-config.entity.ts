import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { TTierFeatureValue } from '@ppp/contracts';
import { updatedAtColumn } from '../../db/entity-columns.ts';

/**
 * An admin's changes to one tier's limits and capabilities (spec 002 §3 'Tier config'). Only what
 * was edited is stored: every other value comes from the plan table in contracts, so a feature
 * added there reaches every tier without a data migration.
 */
export const TierConfigSchema = defineEntity({
  name: 'TierConfig',
  tableName: 'tier_configs',
  properties: {
    key: p.string().length(32).primary(),
    values: p.json<Record<string, TTierFeatureValue>>(),
    updatedAt: updatedAtColumn(),
  },
});
export type TierConfig = InferEntity<typeof TierConfigSchema>;
