import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ownerColumn } from '../users/user.entity.ts';
import { uuidPrimaryKey, createdAtColumn, updatedAtColumn } from '../../db/entity-columns.ts';

/**
 * A user's Spreaker connection. The tokens are encrypted at rest (AES-256-GCM, see token-cipher.ts):
 * a copy of the database alone does not let anyone act on the user's Spreaker account.
 */
export const SpreakerAccountSchema = defineEntity({
  name: 'SpreakerAccount',
  tableName: 'spreaker_accounts',
  properties: {
    id: uuidPrimaryKey(),
    user: () => ownerColumn().unique(),
    spreakerUserId: p.string().length(32),
    displayName: p.string().length(255).nullable(),
    accessTokenEnc: p.text(),
    refreshTokenEnc: p.text().nullable(),
    expiresAt: p.datetime().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
});
export type SpreakerAccount = InferEntity<typeof SpreakerAccountSchema>;
