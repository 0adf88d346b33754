import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { updatedAtColumn } from '../../db/entity-columns.ts';

/** Instance-wide settings edited by admins, one JSON value per key. */
export const AppSettingSchema = defineEntity({
  name: 'AppSetting',
  tableName: 'app_settings',
  properties: {
    key: p.string().length(64).primary(),
    value: p.json<Record<string, unknown>>(),
    updatedAt: updatedAtColumn(),
  },
});
export type AppSetting = InferEntity<typeof AppSettingSchema>;
