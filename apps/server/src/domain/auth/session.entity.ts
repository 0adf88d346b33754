import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ownerColumn } from '../users/user.entity.ts';
import { createdAtColumn } from '../../db/entity-columns.ts';

/** A sign-in session. Only the SHA-256 of the token is stored (Lucia's design). */
export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p.string().length(64).primary(),
    user: () => ownerColumn().index(),
    expiresAt: p.datetime(),
    createdAt: createdAtColumn(),
  },
});
export type Session = InferEntity<typeof SessionSchema>;
