/** Every limit and constant of the specification, in one place (spec 002 section 9 and friends). */

export const AUTH = {
  /** Verification code: 6 digits, 15 minutes, single use, at most 5 tries. */
  verificationCodeLength: 6,
  verificationCodeTtlMs: 15 * 60 * 1000,
  verificationCodeMaxAttempts: 5,
  /** Sessions slide: valid 30 days, renewed when fewer than 15 remain (Lucia's design). */
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
  sessionRenewWithinMs: 15 * 24 * 60 * 60 * 1000,
  /** Failed sign-ins per email (and per client address) inside the window before 429. */
  maxFailedLoginsPerWindow: 5,
  failedLoginWindowMs: 15 * 60 * 1000,
  /** Verification code sends per email inside the window before 429. */
  maxCodeSendsPerWindow: 5,
  passwordMinLength: 8,
  passwordMaxLength: 256,
  emailMaxLength: 254,
} as const;

export const TERMS = {
  defaultVersion: '2025-09-19',
  url: '/terms',
} as const;

export const UPLOADS = {
  /** Main content upload limit in MB (admin setting max_upload_mb), clamped 10-2048. */
  defaultMaxUploadMb: 500,
  minMaxUploadMb: 10,
  maxMaxUploadMb: 2048,
} as const;

export const NAMES = {
  firstNameMaxLength: 100,
  lastNameMaxLength: 100,
  waitlistNoteMaxLength: 2000,
  maintenanceMessageMaxLength: 1000,
} as const;

export function clampMaxUploadMb(value: number): number {
  if (!Number.isFinite(value)) return UPLOADS.defaultMaxUploadMb;
  return Math.min(UPLOADS.maxMaxUploadMb, Math.max(UPLOADS.minMaxUploadMb, Math.round(value)));
}
