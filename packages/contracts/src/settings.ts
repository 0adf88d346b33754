import { z } from 'zod';
import { NAMES, UPLOADS, clampMaxUploadMb } from './limits.ts';
import { ZTier } from './auth.ts';

export const ZAdminSettings = z.object({
  test_mode: z.boolean(),
  default_user_active: z.boolean(),
  max_upload_mb: z.number().int(),
  maintenance_mode: z.boolean(),
  maintenance_message: z.string().nullable(),
  /** The tier of new accounts (the first account is always unlimited); unlimited makes a personal instance uncapped. */
  default_tier: ZTier,
  /**
   * Whether a new account (below Creator by its default tier) starts the 14-day Creator trial the
   * landing promises; off keeps new accounts on default_tier until they start it themselves.
   */
  new_account_trial: z.boolean(),
});
export type TAdminSettings = z.infer<typeof ZAdminSettings>;

export const DEFAULT_ADMIN_SETTINGS: TAdminSettings = {
  test_mode: false,
  default_user_active: false,
  max_upload_mb: UPLOADS.defaultMaxUploadMb,
  maintenance_mode: false,
  maintenance_message: null,
  default_tier: 'free',
  new_account_trial: true,
};

/** PUT /api/admin/settings: partial; max_upload_mb clamped 10-2048. */
export const ZAdminSettingsUpdate = z.object({
  test_mode: z.boolean().optional(),
  default_user_active: z.boolean().optional(),
  max_upload_mb: z.coerce.number().transform(clampMaxUploadMb).optional(),
  maintenance_mode: z.boolean().optional(),
  default_tier: ZTier.optional(),
  new_account_trial: z.boolean().optional(),
  // Absent stays absent (a partial update keeps the stored message); empty or null clears it.
  maintenance_message: z
    .string()
    .trim()
    .max(NAMES.maintenanceMessageMaxLength)
    .transform((v) => v || null)
    .nullable()
    .optional(),
});
export type TAdminSettingsUpdate = z.input<typeof ZAdminSettingsUpdate>;

export const ZPublicConfig = z.object({
  max_upload_mb: z.number().int(),
  maintenance_mode: z.boolean(),
  maintenance_message: z.string().nullable(),
  google_sign_in: z.boolean(),
  terms_version: z.string(),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;

export const ZWaitlistRequest = z.object({
  email: z.string().trim().toLowerCase().min(1).pipe(z.email()),
  note: z.string().trim().max(NAMES.waitlistNoteMaxLength).nullish(),
});
export type TWaitlistRequest = z.input<typeof ZWaitlistRequest>;

export const ZOutboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.date(),
  sent_at: z.date().nullable(),
  transport: z.enum(['outbox', 'smtp']),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

export const ZOutboxQuery = z.object({
  to: z.string().trim().toLowerCase().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** Issue 35: each dependency's state; the answer is 503 when the database or storage is down. */
export const ZHealthState = z.enum(['ok', 'unavailable']);
export const ZHealth = z.object({
  status: ZHealthState,
  database: ZHealthState,
  storage: ZHealthState,
  /** The job queue (pg-boss's schema, made by the first worker): unavailable does not make the answer 503. */
  queue: ZHealthState,
  version: z.string(),
});
export type THealth = z.infer<typeof ZHealth>;
export const HEALTH_MESSAGES = {
  databaseUnavailable: 'The database is unavailable.',
  storageUnavailable: 'Storage is unavailable.',
} as const;
/** How long one server keeps the storage and queue probes' answer (a health check per second costs one storage request per this). */
export const HEALTH_PROBE_CACHE_MS = 5_000;
