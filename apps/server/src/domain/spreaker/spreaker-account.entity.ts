import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { UserSchema } from '../users/user.entity.ts';

/**
 * A user's Spreaker connection. The tokens are encrypted at rest (AES-256-GCM, see token-cipher.ts):
 * a copy of the database alone does not let anyone act on the user's Spreaker account.
 */
export const SpreakerAccountSchema = defineEntity({
  name: 'SpreakerAccount',
  tableName: 'spreaker_accounts',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').unique(),
    spreakerUserId: p.string().length(32),
    displayName: p.string().length(255).nullable(),
    accessTokenEnc: p.text(),
    refreshTokenEnc: p.text().nullable(),
    expiresAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type SpreakerAccount = InferEntity<typeof SpreakerAccountSchema>;
