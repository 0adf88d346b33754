import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { uuidPrimaryKey, createdAtColumn, updatedAtColumn } from '../../db/entity-columns.ts';

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: uuidPrimaryKey(),
    email: p.string().length(254).unique(),
    passwordHash: p.text().nullable().hidden(),
    firstName: p.string().length(100).nullable(),
    lastName: p.string().length(100).nullable(),
    picture: p.text().nullable(),
    timezone: p.string().length(64).nullable(),
    tier: p.string().length(32).default('free'),
    role: p.string().length(16).default('user'),
    isActive: p.boolean().default(false),
    /** Set while an admin has disabled the account; an email code then confirms the address but does not re-activate. */
    disabledAt: p.datetime().nullable(),
    emailVerifiedAt: p.datetime().nullable(),
    termsVersionAccepted: p.string().length(64).nullable(),
    googleSub: p.string().length(255).nullable().unique(),
    subscriptionExpiresAt: p.datetime().nullable(),
    lastActivityAt: p.datetime().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
});
export type User = InferEntity<typeof UserSchema>;

/**
 * The account a row belongs to; deleting the account deletes the row. Call it inside the property's
 * thunk (`user: () => ownerColumn()`), as every relation to another entity is declared.
 */
export function ownerColumn() {
  return p.manyToOne(UserSchema).deleteRule('cascade');
}

/** Whom a user-scoped query is for: only the signed-in user's id is needed. */
export type Owner = Pick<User, 'id'>;
