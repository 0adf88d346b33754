import type { EntityManager } from '@mikro-orm/postgresql';
import { AppSettingSchema } from './app-setting.entity.ts';

/** The instance's settings rows (app_settings), one JSON value per key. */
export class SettingsRepository {
  private readonly em: EntityManager;
  constructor(em: EntityManager) {
    this.em = em;
  }

  /** The stored value of a key; null when it was never written. */
  async read(key: string): Promise<Record<string, unknown> | null> {
    const row = await this.em.findOne(AppSettingSchema, { key });
    return row?.value ?? null;
  }

  /** Writes (inserts or replaces) the value of a key. */
  async write(key: string, value: object): Promise<void> {
    await this.em.upsert(AppSettingSchema, { key, value, updatedAt: new Date() });
  }
}
