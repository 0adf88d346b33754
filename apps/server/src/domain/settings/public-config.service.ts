import type { TPublicConfig } from '@ppp/contracts';
import type { SettingsService } from './settings.service.ts';

/** What any visitor may know about the instance before signing in. */
export class PublicConfigService {
  private readonly settings: SettingsService;
  private readonly extras: { googleSignIn: boolean; termsVersion: string };
  constructor(settings: SettingsService, extras: { googleSignIn: boolean; termsVersion: string }) {
    this.settings = settings;
    this.extras = extras;
  }

  async get(): Promise<TPublicConfig> {
    const s = await this.settings.get();
    return {
      max_upload_mb: s.max_upload_mb,
      maintenance_mode: s.maintenance_mode,
      maintenance_message: s.maintenance_mode ? s.maintenance_message : null,
      google_sign_in: this.extras.googleSignIn,
      terms_version: this.extras.termsVersion,
    };
  }
}
