import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ownerColumn } from '../users/user.entity.ts';
import { uuidPrimaryKey, createdAtColumn } from '../../db/entity-columns.ts';

/** A 6-digit email code: hashed, 15 minutes, single use, at most 5 tries. */
export const EmailVerificationSchema = defineEntity({
  name: 'EmailVerification',
  tableName: 'email_verifications',
  properties: {
    id: uuidPrimaryKey(),
    user: () => ownerColumn().index(),
    email: p.string().length(254),
    codeHash: p.string().length(64),
    attempts: p.integer().default(0),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: createdAtColumn(),
  },
});
export type EmailVerification = InferEntity<typeof EmailVerificationSchema>;
