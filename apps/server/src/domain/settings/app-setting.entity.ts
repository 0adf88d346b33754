import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Instance-wide settings edited by admins, one JSON value per key. */
export const AppSettingSchema = defineEntity({
  name: 'AppSetting',
  tableName: 'app_settings',
  properties: {
    key: p.string().length(64).primary(),
    value: p.json<Record<string, unknown>>(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type AppSetting = InferEntity<typeof AppSettingSchema>;
