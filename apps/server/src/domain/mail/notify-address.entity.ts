import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ownerColumn } from '../users/user.entity.ts';
import { uuidPrimaryKey, createdAtColumn } from '../../db/entity-columns.ts';

/**
 * Another address an account may send upload notifications to (issue 14): usable once verified_at
 * is set, which only the code mailed to it does (hashed, 15 minutes, at most 5 tries, single use).
 */
export const NotifyAddressSchema = defineEntity({
  name: 'NotifyAddress',
  tableName: 'notify_addresses',
  uniques: [{ properties: ['user', 'email'] }],
  properties: {
    id: uuidPrimaryKey(),
    user: () => ownerColumn().index(),
    email: p.string().length(254),
    verifiedAt: p.datetime().nullable(),
    codeHash: p.string().length(64).nullable(),
    codeExpiresAt: p.datetime().nullable(),
    attempts: p.integer().default(0),
    createdAt: createdAtColumn(),
  },
});
export type NotifyAddress = InferEntity<typeof NotifyAddressSchema>;
