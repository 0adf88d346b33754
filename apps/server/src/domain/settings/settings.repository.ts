import { AppSettingSchema } from './app-setting.entity.ts';
import { Repository } from '../../db/repository.ts';

/** The instance's settings rows (app_settings), one JSON value per key. */
export class SettingsRepository extends Repository {
  /** The stored value of a key; null when it was never written. */
  async read(key: string): Promise<Record<string, unknown> | null> {
    const row = await this.em.findOne(AppSettingSchema, { key });
    return row?.value ?? null;
  }

  /**
   * The value of a key, first written as `initial` when the key has none (insert-if-absent, then read
   * back): servers asking at once all end up with the one value stored first.
   */
  async readOrInsert(key: string, initial: object): Promise<Record<string, unknown>> {
    await this.em
      .getConnection()
      .execute(`insert into app_settings (key, value, updated_at) values (?, ?, now()) on conflict (key) do nothing`, [
        key,
        JSON.stringify(initial),
      ]);
    return (await this.em.fork().findOneOrFail(AppSettingSchema, { key })).value;
  }

  /** Writes (inserts or replaces) the value of a key. */
  async write(key: string, value: object): Promise<void> {
    await this.em.upsert(AppSettingSchema, { key, value, updatedAt: new Date() });
  }
}
