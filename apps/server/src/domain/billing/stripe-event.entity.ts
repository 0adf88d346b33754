import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A Stripe event id acted on; the primary key makes a redelivery, or two deliveries at once, act once. */
export const StripeEventSchema = defineEntity({
  name: 'StripeEvent',
  tableName: 'stripe_events',
  properties: {
    id: p.string().length(255).primary(),
    type: p.string().length(100),
    receivedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type StripeEvent = InferEntity<typeof StripeEventSchema>;
