import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ownerColumn } from '../users/user.entity.ts';
import { uuidPrimaryKey, createdAtColumn } from '../../db/entity-columns.ts';

/**
 * Money received: a paid invoice, a lifetime seat or bought minutes (revenue figures), and for
 * minutes the minutes added to the user's rolling balance. ref (the Stripe invoice or session id)
 * records each payment once.
 */
export const PaymentSchema = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  properties: {
    id: uuidPrimaryKey(),
    user: () => ownerColumn(),
    ref: p.string().length(255).unique(),
    /** 'invoice', 'lifetime' or 'minutes'. */
    kind: p.string().length(16),
    amountCents: p.integer(),
    currency: p.string().length(8).default('usd'),
    /** Bought minutes this payment added (minutes purchases), else 0. */
    minutes: p.integer().default(0),
    createdAt: createdAtColumn(),
  },
  indexes: [{ properties: ['user', 'kind'], name: 'payments_user_kind_index' }],
});
export type Payment = InferEntity<typeof PaymentSchema>;
