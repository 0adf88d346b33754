import type { TAudioCleanupSettings } from '@ppp/contracts';
import { CleanupSettingsSchema } from './cleanup-settings.entity.ts';
import { Repository } from '../../db/repository.ts';

/** A user's saved cleanup and magic-word settings (one row per user; none means the defaults). */
export class AudioCleanupRepository extends Repository {
  /** The stored settings as saved (not yet read through the contract); null when never saved. */
  async saved(userId: string): Promise<unknown> {
    const row = await this.em.findOne(CleanupSettingsSchema, { user: userId });
    return row?.settings ?? null;
  }

  async save(userId: string, settings: TAudioCleanupSettings): Promise<void> {
    await this.em.upsert(CleanupSettingsSchema, { user: userId, settings, updatedAt: new Date() });
  }
}
