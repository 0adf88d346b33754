import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { UserSchema } from '../users/user.entity.ts';

export const WaitlistRequestSchema = defineEntity({
  name: 'WaitlistRequest',
  tableName: 'waitlist_requests',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    email: p.string().length(254).index(),
    note: p.text().nullable(),
    user: () => p.manyToOne(UserSchema).nullable().deleteRule('set null'),
    /** pending until an administrator approves (activates the account, mails the user) or dismisses it. */
    status: p.string().length(16).default('pending').index(),
    decidedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type WaitlistRequest = InferEntity<typeof WaitlistRequestSchema>;
