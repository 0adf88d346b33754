import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ownerColumn } from '../users/user.entity.ts';
import { uuidPrimaryKey, createdAtColumn } from '../../db/entity-columns.ts';

/**
 * One entry of a user's monthly ledger: the processing minutes (and the episode) an assembly used,
 * charged when its job is queued. The episode is named but not referenced: deleting it keeps the
 * charge (minutes are not refunded, spec 002 §1). chargeKey makes a charge happen once.
 */
export const UsageChargeSchema = defineEntity({
  name: 'UsageCharge',
  tableName: 'usage_charges',
  properties: {
    id: uuidPrimaryKey(),
    user: () => ownerColumn(),
    /** 'assembly' (counts an episode and its minutes) or 'credit' (a failed render's minutes given back, negative). */
    kind: p.string().length(16),
    chargeKey: p.string().length(100).unique(),
    episodeId: p.uuid().nullable(),
    seconds: p.double().runtimeType('number').$type<number>(),
    minutes: p.integer(),
    /** Of minutes, those taken from (or, negative, returned to) the bought minutes that roll over. */
    boughtMinutes: p.integer().default(0),
    createdAt: createdAtColumn(),
  },
  indexes: [{ properties: ['user', 'createdAt'], name: 'usage_charges_user_created_at_index' }],
});
export type UsageCharge = InferEntity<typeof UsageChargeSchema>;
