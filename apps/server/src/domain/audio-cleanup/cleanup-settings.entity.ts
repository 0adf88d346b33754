import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { TAudioCleanupSettings } from '@ppp/contracts';
import { UserSchema } from '../users/user.entity.ts';
import { updatedAtColumn } from '../../db/entity-columns.ts';

/** A user's audio cleanup and magic-word settings; absent means the spec's defaults. */
export const CleanupSettingsSchema = defineEntity({
  name: 'CleanupSettings',
  tableName: 'audio_cleanup_settings',
  properties: {
    user: () => p.oneToOne(UserSchema).primary().owner().deleteRule('cascade'),
    settings: p.json<TAudioCleanupSettings>(),
    updatedAt: updatedAtColumn(),
  },
});
export type CleanupSettings = InferEntity<typeof CleanupSettingsSchema>;
