import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_ADMIN_SETTINGS,
  ZAdminSettings,
  ZAdminSettingsUpdate,
  clampMaxUploadMb,
  type TAdminSettings,
  type TAdminSettingsUpdate,
} from '@ppp/contracts';
import { AppSettingSchema } from './app-setting.entity.ts';

const KEY = 'admin';
const CACHE_MS = 2000;
let cache: { value: TAdminSettings; at: number } | null = null;

/** Instance settings (maintenance, default activation, upload limit, test mode). Cached briefly per process. */
export class SettingsService {
  private readonly em: EntityManager;
  constructor(em: EntityManager) {
    this.em = em;
  }

  async get(): Promise<TAdminSettings> {
    if (cache && Date.now() - cache.at < CACHE_MS) return cache.value;
    const row = await this.em.findOne(AppSettingSchema, { key: KEY });
    const merged = ZAdminSettings.parse({ ...DEFAULT_ADMIN_SETTINGS, ...(row?.value ?? {}) });
    merged.max_upload_mb = clampMaxUploadMb(merged.max_upload_mb);
    cache = { value: merged, at: Date.now() };
    return merged;
  }

  async update(input: TAdminSettingsUpdate): Promise<TAdminSettings> {
    const patch = ZAdminSettingsUpdate.parse(input);
    cache = null;
    const current = await this.get();
    const next: TAdminSettings = { ...current };
    for (const [k, v] of Object.entries(patch) as [keyof TAdminSettings, never][]) {
      if (v !== undefined) next[k] = v;
    }
    await this.em.upsert(AppSettingSchema, { key: KEY, value: next, updatedAt: new Date() });
    cache = null;
    return this.get();
  }

  static clearCache(): void {
    cache = null;
  }
}
