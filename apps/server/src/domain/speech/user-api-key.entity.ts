import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { UserSchema } from '../users/user.entity.ts';

/** An outside provider's API key a user brought (ElevenLabs), sealed with AES-256-GCM; never returned. */
export const UserApiKeySchema = defineEntity({
  name: 'UserApiKey',
  tableName: 'user_api_keys',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade'),
    provider: p.string().length(32),
    sealed: p.text(),
    last4: p.string().length(4),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['user', 'provider'], name: 'user_api_keys_user_provider_unique' }],
});
export type UserApiKey = InferEntity<typeof UserApiKeySchema>;
