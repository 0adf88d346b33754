import {
  DEFAULT_ADMIN_SETTINGS,
  ZAdminSettings,
  ZAdminSettingsUpdate,
  clampMaxUploadMb,
  type TAdminSettings,
  type TAdminSettingsUpdate,
} from '@ppp/contracts';
import type { SettingsRepository } from './settings.repository.ts';

const KEY = 'admin';
const CACHE_MS = 2000;
let cache: { value: TAdminSettings; at: number } | null = null;

/** Instance settings (maintenance, default activation, upload limit, test mode). Cached briefly per process. */
export class SettingsService {
  private readonly repository: SettingsRepository;
  /** The instance's own defaults (from its configuration) under what the admin stored. */
  private readonly defaults: TAdminSettings;
  constructor(repository: SettingsRepository, defaults: Partial<TAdminSettings> = {}) {
    this.repository = repository;
    this.defaults = { ...DEFAULT_ADMIN_SETTINGS, ...defaults };
  }

  async get(): Promise<TAdminSettings> {
    if (cache && Date.now() - cache.at < CACHE_MS) return cache.value;
    const stored = await this.repository.read(KEY);
    const merged = ZAdminSettings.parse({ ...this.defaults, ...(stored ?? {}) });
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
    await this.repository.write(KEY, next);
    cache = null;
    return this.get();
  }

  static clearCache(): void {
    cache = null;
  }
}
