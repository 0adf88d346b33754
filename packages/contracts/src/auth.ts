import { z } from 'zod';
import { AUTH, NAMES } from './limits.ts';
import { MESSAGES } from './messages.ts';

export const ZEmail = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, MESSAGES.emailRequired)
  .max(AUTH.emailMaxLength, MESSAGES.invalidFormat)
  .pipe(z.email({ error: MESSAGES.invalidFormat }));

export const ZPassword = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(AUTH.passwordMaxLength, MESSAGES.invalidFormat);

/** Registration needs a stronger password than sign-in checks for. */
export const ZNewPassword = ZPassword.refine((v) => v.length >= AUTH.passwordMinLength, {
  message: `Password must be at least ${AUTH.passwordMinLength} characters.`,
});

export const ZRegisterRequest = z.object({
  email: ZEmail,
  password: ZNewPassword,
  /** The Terms box must be ticked: false or missing is refused (422) and nothing is created. */
  accept_terms: z.literal(true, { error: MESSAGES.termsRequired }),
  /** The version the form showed; the current one when left out. */
  terms_version: z.string().max(64).nullish(),
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

export const ZRegisterResponse = z.object({ is_active: z.boolean() });
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;

/** POST /api/auth/token takes a form with username (the email) and password. */
export const ZLoginRequest = z.object({ username: ZEmail, password: ZPassword });
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
});
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

export const ZVerificationCode = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${AUTH.verificationCodeLength}}$`), MESSAGES.invalidCode);

/** The dialog sends {email, code}; the verify page sends {token, email}. The token is the code. */
export const ZConfirmEmailRequest = z
  .object({ email: ZEmail, code: ZVerificationCode.optional(), token: ZVerificationCode.optional() })
  .refine((v) => v.code !== undefined || v.token !== undefined, {
    message: MESSAGES.missingVerificationToken,
    path: ['token'],
  });
export type TConfirmEmailRequest = z.input<typeof ZConfirmEmailRequest>;

export const ZResendVerificationRequest = z.object({ email: ZEmail });
export const ZUpdatePendingEmailRequest = z
  .object({ old_email: ZEmail, new_email: ZEmail })
  .refine((v) => v.old_email !== v.new_email, { message: MESSAGES.unableToUpdateEmail, path: ['new_email'] });

export const ZOkResponse = z.object({ ok: z.literal(true) });

export const ZTermsInfo = z.object({ version: z.string(), url: z.string() });
export type TTermsInfo = z.infer<typeof ZTermsInfo>;
export const ZAcceptTermsRequest = z.object({ version: z.string().min(1).max(64) });

export const ZUserRole = z.enum(['user', 'admin']);
export const ZTier = z.enum(['free', 'starter', 'creator', 'pro', 'enterprise', 'unlimited']);

/** The signed-in user as GET /api/users/me answers. */
export const ZMe = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  name: z.string().nullable(),
  picture: z.string().nullable(),
  timezone: z.string().nullable(),
  tier: ZTier,
  is_admin: z.boolean(),
  role: ZUserRole,
  is_active: z.boolean(),
  email_verified: z.boolean(),
  terms_version_required: z.string(),
  terms_version_accepted: z.string().nullable(),
  created_at: z.date(),
});
export type TMe = z.infer<typeof ZMe>;

export const ZUpdatePrefsRequest = z.object({
  first_name: z.string().trim().max(NAMES.firstNameMaxLength).nullish(),
  last_name: z.string().trim().max(NAMES.lastNameMaxLength).nullish(),
  timezone: z.string().trim().max(64).nullish(),
});
export type TUpdatePrefsRequest = z.input<typeof ZUpdatePrefsRequest>;

/** The settings screen's name form: first name required, last name optional. */
export const ZNameForm = z.object({
  first_name: z.string().trim().min(1, MESSAGES.firstNameRequired).max(NAMES.firstNameMaxLength),
  last_name: z.string().trim().max(NAMES.lastNameMaxLength),
});
export type TNameForm = z.infer<typeof ZNameForm>;

export const ZGoogleLoginQuery = z.object({ return_to: z.string().optional() });

/** Only same-origin paths may be returned to after an outside sign-in. */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f]/.test(value)) return '/';
  return value;
}

export const ZChangePasswordRequest = z.object({ current_password: ZPassword, new_password: ZNewPassword });
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;

/** PATCH /api/admin/users/{id}: one or more of tier, active flag, subscription expiry (null clears). */
export const ZAdminUserUpdate = z.object({
  tier: ZTier.optional(),
  is_active: z.boolean().optional(),
  subscription_expires_at: z.coerce.date().nullable().optional(),
});
export type TAdminUserUpdate = z.input<typeof ZAdminUserUpdate>;
