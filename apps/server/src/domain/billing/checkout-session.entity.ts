import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ownerColumn } from '../users/user.entity.ts';
import { createdAtColumn } from '../../db/entity-columns.ts';

/**
 * A Stripe Checkout Session this server made: whose it is, what it buys, and whether it has been
 * applied. An open lifetime session holds a seat until it expires, so the cap counts it.
 */
export const CheckoutSessionSchema = defineEntity({
  name: 'CheckoutSession',
  tableName: 'checkout_sessions',
  properties: {
    id: p.string().length(255).primary(),
    user: () => ownerColumn(),
    planKey: p.string().length(32),
    billingCycle: p.string().length(32),
    hours: p.integer().nullable(),
    /** 'open', 'complete' or 'expired'. */
    status: p.string().length(16).default('open'),
    appliedAt: p.datetime().nullable(),
    expiresAt: p.datetime(),
    createdAt: createdAtColumn(),
  },
  indexes: [{ properties: ['billingCycle', 'status'], name: 'checkout_sessions_cycle_status_index' }],
});
export type CheckoutSession = InferEntity<typeof CheckoutSessionSchema>;
