import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A fixed-window counter shared by every server (sign-in failures, code sends). */
export const RateLimitSchema = defineEntity({
  name: 'RateLimit',
  tableName: 'rate_limits',
  properties: {
    key: p.string().length(300).primary(),
    count: p.integer().default(0),
    windowStart: p.datetime(),
  },
});
export type RateLimit = InferEntity<typeof RateLimitSchema>;
