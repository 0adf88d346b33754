import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserSchema } from '../users/user.entity.ts';
import { uuidPrimaryKey, createdAtColumn } from '../../db/entity-columns.ts';

export const WaitlistRequestSchema = defineEntity({
  name: 'WaitlistRequest',
  tableName: 'waitlist_requests',
  properties: {
    id: uuidPrimaryKey(),
    email: p.string().length(254).index(),
    note: p.text().nullable(),
    user: () => p.manyToOne(UserSchema).nullable().deleteRule('set null'),
    /** pending until an administrator approves (activates the account, mails the user) or dismisses it. */
    status: p.string().length(16).default('pending').index(),
    decidedAt: p.datetime().nullable(),
    createdAt: createdAtColumn(),
  },
});
export type WaitlistRequest = InferEntity<typeof WaitlistRequestSchema>;
