import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ownerColumn } from '../users/user.entity.ts';
import { uuidPrimaryKey, createdAtColumn, updatedAtColumn } from '../../db/entity-columns.ts';

/** An outside provider's API key a user brought (ElevenLabs), sealed with AES-256-GCM; never returned. */
export const UserApiKeySchema = defineEntity({
  name: 'UserApiKey',
  tableName: 'user_api_keys',
  properties: {
    id: uuidPrimaryKey(),
    user: () => ownerColumn(),
    provider: p.string().length(32),
    sealed: p.text(),
    last4: p.string().length(4),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  uniques: [{ properties: ['user', 'provider'], name: 'user_api_keys_user_provider_unique' }],
});
export type UserApiKey = InferEntity<typeof UserApiKeySchema>;
