import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ADMIN_SETTINGS,
  UPLOADS,
  ZAdminSettingsUpdate,
  ZPublicConfig,
  clampMaxUploadMb,
  isErrorCode,
  ERRORS,
} from '../src/index.ts';

describe('clampMaxUploadMb', () => {
  it.each([
    [5, 10],
    [10, 10],
    [500, 500],
    [2048, 2048],
    [99999, 2048],
    [-3, 10],
    [100.4, 100],
    [100.6, 101],
  ])('clamps %d MB to %d', (input, expected) => {
    expect(clampMaxUploadMb(input)).toBe(expected);
  });

  it('falls back to the 500 MB default for values that are not numbers', () => {
    expect(clampMaxUploadMb(Number.NaN)).toBe(UPLOADS.defaultMaxUploadMb);
    expect(clampMaxUploadMb(Number.POSITIVE_INFINITY)).toBe(UPLOADS.defaultMaxUploadMb);
    expect(UPLOADS.defaultMaxUploadMb).toBe(500);
  });
});

describe('ZAdminSettingsUpdate', () => {
  it('clamps max_upload_mb into 10-2048, also from text', () => {
    expect(ZAdminSettingsUpdate.parse({ max_upload_mb: 5 }).max_upload_mb).toBe(10);
    expect(ZAdminSettingsUpdate.parse({ max_upload_mb: 99999 }).max_upload_mb).toBe(2048);
    expect(ZAdminSettingsUpdate.parse({ max_upload_mb: '750' }).max_upload_mb).toBe(750);
  });

  it('refuses a max_upload_mb that is not a number', () => {
    expect(ZAdminSettingsUpdate.safeParse({ max_upload_mb: 'lots' }).success).toBe(false);
  });

  it('leaves out fields that were not sent', () => {
    const patch = ZAdminSettingsUpdate.parse({ maintenance_mode: true });
    expect(patch.maintenance_mode).toBe(true);
    expect(patch.max_upload_mb).toBeUndefined();
    expect(patch.test_mode).toBeUndefined();
    expect(patch.default_user_active).toBeUndefined();
    // An absent message must stay absent, or a partial update would wipe the stored one.
    expect('maintenance_message' in patch).toBe(false);
  });

  it('trims the maintenance message and turns an empty one into null', () => {
    expect(ZAdminSettingsUpdate.parse({ maintenance_message: '  Back at noon  ' }).maintenance_message).toBe('Back at noon');
    expect(ZAdminSettingsUpdate.parse({ maintenance_message: '   ' }).maintenance_message).toBeNull();
    expect(ZAdminSettingsUpdate.parse({ maintenance_message: null }).maintenance_message).toBeNull();
  });

  it('refuses a maintenance message over 1000 characters and booleans given as text', () => {
    expect(ZAdminSettingsUpdate.safeParse({ maintenance_message: 'x'.repeat(1001) }).success).toBe(false);
    expect(ZAdminSettingsUpdate.safeParse({ maintenance_mode: 'yes' }).success).toBe(false);
  });
});

describe('defaults and public shapes', () => {
  it('a new instance is not in maintenance, uploads 500 MB, keeps new accounts inactive, on the free tier with the 14-day trial started', () => {
    expect(DEFAULT_ADMIN_SETTINGS).toEqual({
      test_mode: false,
      default_tier: 'free',
      default_user_active: false,
      new_account_trial: true,
      max_upload_mb: 500,
      maintenance_mode: false,
      maintenance_message: null,
    });
  });

  it('the public config carries the upload limit and maintenance state', () => {
    const config = { max_upload_mb: 500, maintenance_mode: false, maintenance_message: null, google_sign_in: false, terms_version: 'v1' };
    expect(ZPublicConfig.parse(config)).toEqual(config);
  });

  it('every error code maps to a 4xx/5xx status and is recognised', () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      expect(isErrorCode(code)).toBe(true);
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.status).toBeLessThan(600);
    }
    expect(isErrorCode('NOPE')).toBe(false);
    expect(ERRORS.RATE_LIMITED.status).toBe(429);
    expect(ERRORS.MAINTENANCE.status).toBe(503);
    expect(ERRORS.VALIDATION.status).toBe(422);
  });
});
