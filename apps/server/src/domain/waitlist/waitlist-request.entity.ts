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
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type WaitlistRequest = InferEntity<typeof WaitlistRequestSchema>;
