import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserSchema } from '../users/user.entity.ts';
import { createdAtColumn } from '../../db/entity-columns.ts';

/** One Stripe customer per user, created once (at the first checkout) and reused. */
export const BillingCustomerSchema = defineEntity({
  name: 'BillingCustomer',
  tableName: 'billing_customers',
  properties: {
    user: () => p.oneToOne(UserSchema).owner().primary().deleteRule('cascade'),
    stripeCustomerId: p.string().length(255).unique(),
    createdAt: createdAtColumn(),
  },
});
export type BillingCustomer = InferEntity<typeof BillingCustomerSchema>;
