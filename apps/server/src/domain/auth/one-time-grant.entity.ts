import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ownerColumn } from '../users/user.entity.ts';

/** What a grant opens; a grant of one purpose never redeems as another. */
export type GrantPurpose = 'spreaker-ticket' | 'spreaker-state';

/** A single-use, short-lived grant naming a user (the Spreaker popup's ticket, its OAuth state). Only the token's hash is stored. */
export const OneTimeGrantSchema = defineEntity({
  name: 'OneTimeGrant',
  tableName: 'one_time_grants',
  properties: {
    tokenHash: p.string().length(64).primary(),
    purpose: p.string().length(32).$type<GrantPurpose>(),
    user: () => ownerColumn(),
    expiresAt: p.datetime().index(),
  },
});
export type OneTimeGrant = InferEntity<typeof OneTimeGrantSchema>;
