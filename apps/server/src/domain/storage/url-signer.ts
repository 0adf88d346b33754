import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { SettingsRepository } from '../settings/settings.repository.ts';

const KEY = 'media_url_secret';
// The promise, not its value, is cached: a burst of first calls (500 links of one episode list)
// shares one lookup instead of each running its own insert and select.
let pending: Promise<KeyObject> | null = null;

export interface SignedParams {
  /** What the URL opens: a media id and the file variant. */
  subject: string;
  /** Unix seconds. */
  expires: number;
}

/** The expiry a URL signed at `now` carries: rounded up to a multiple of expiryStep, so it stays the same for a while. */
function expiryOf(now: number, ttlSeconds: number, expiryStep: number): number {
  return Math.ceil((Math.floor(now / 1000) + ttlSeconds) / expiryStep) * expiryStep;
}

/** Epoch ms until which URLs signed from `now` on carry the same expiry (and so are the same URLs). */
export function sameExpiryUntil(now: number, ttlSeconds: number, expiryStep: number): number {
  return (expiryOf(now, ttlSeconds, expiryStep) - ttlSeconds + 1) * 1000;
}

function mac(secret: KeyObject, params: SignedParams): string {
  return createHmac('sha256', secret).update(`${params.subject}\n${params.expires}`).digest('base64url');
}

/**
 * Signs short-lived media URLs (audio elements cannot send a bearer header). The HMAC secret is
 * made once per instance and kept in app_settings, so every server behind a load balancer agrees.
 */
export class UrlSigner {
  private readonly settings: SettingsRepository;
  constructor(settings: SettingsRepository) {
    this.settings = settings;
  }

  private secret(): Promise<KeyObject> {
    if (!pending) {
      pending = this.loadSecret();
      // A failed lookup (database briefly away) is tried again by the next call, not remembered.
      pending.catch(() => {
        pending = null;
      });
    }
    return pending;
  }

  private async loadSecret(): Promise<KeyObject> {
    const fresh = randomBytes(32).toString('base64url');
    // Two servers starting at once end up with the same secret: the one stored first.
    const stored = await this.settings.readOrInsert(KEY, { secret: fresh });
    const secret = typeof stored.secret === 'string' ? stored.secret : fresh;
    return createSecretKey(Buffer.from(secret, 'base64url'));
  }

  async sign(subject: string, ttlSeconds: number, now = Date.now()): Promise<{ expires: number; signature: string }> {
    return (await this.signer())(subject, ttlSeconds, now);
  }

  /**
   * A synchronous signer over the instance's key, for signing many URLs at once (one await for all).
   * With expiryStep, expiries are rounded up to a multiple of it (valid a little longer, the same URL for a while).
   */
  async signer(expiryStep = 1): Promise<(subject: string, ttlSeconds: number, now?: number) => { expires: number; signature: string }> {
    const key = await this.secret();
    return (subject, ttlSeconds, now = Date.now()) => {
      const expires = expiryOf(now, ttlSeconds, expiryStep);
      return { expires, signature: mac(key, { subject, expires }) };
    };
  }

  async verify(params: SignedParams, signature: string, now = Date.now()): Promise<boolean> {
    if (!Number.isFinite(params.expires) || params.expires * 1000 < now) return false;
    const expected = Buffer.from(mac(await this.secret(), params));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** Tests reset the database between files; the cached secret must follow. */
  static clearCache(): void {
    pending = null;
  }
}
