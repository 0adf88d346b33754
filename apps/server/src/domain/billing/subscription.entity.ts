import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ownerColumn } from '../users/user.entity.ts';
import { uuidPrimaryKey, createdAtColumn, updatedAtColumn } from '../../db/entity-columns.ts';

/**
 * What a user pays for or was given: a Stripe subscription (mirrored from Stripe), a founders
 * lifetime seat, or the 14-day trial. The account's plan is the best of its live rows and its own
 * tier. stripeEventAt is the newest Stripe event applied, so an older one never undoes a newer state.
 */
export const SubscriptionSchema = defineEntity({
  name: 'Subscription',
  tableName: 'subscriptions',
  properties: {
    id: uuidPrimaryKey(),
    user: () => ownerColumn(),
    /** 'stripe', 'lifetime' or 'trial'. */
    source: p.string().length(16),
    stripeSubscriptionId: p.string().length(255).nullable().unique(),
    planKey: p.string().length(32),
    billingCycle: p.string().length(32),
    status: p.string().length(32),
    currentPeriodEnd: p.datetime().nullable(),
    cancelAtPeriodEnd: p.boolean().default(false),
    willCancelAt: p.datetime().nullable(),
    canceledAt: p.datetime().nullable(),
    /** Monthly-equivalent price for MRR (annual divided by 12; lifetime and trial 0). */
    monthlyCents: p.integer().default(0),
    stripeEventAt: p.datetime().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  indexes: [{ properties: ['user', 'status'], name: 'subscriptions_user_status_index' }],
});
export type Subscription = InferEntity<typeof SubscriptionSchema>;
