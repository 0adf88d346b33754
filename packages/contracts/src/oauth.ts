import { z } from 'zod';

/**
 * POST /api/auth/token as an OAuth 2.0 token endpoint (RFC 6749 §4.3, the resource owner password
 * grant): a form. `grant_type` is read as `password` when absent, as the spec's form has none; the
 * client may name itself (a public client: no secret is checked).
 */
export const ZTokenRequest = z.object({
  grant_type: z.string().optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  scope: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});
export type TTokenRequest = z.infer<typeof ZTokenRequest>;

/** The grants the token endpoint issues tokens for (no refresh tokens exist: sessions are revoked, not refreshed). */
export const OAUTH_GRANT_TYPES = ['password'] as const;

/** RFC 6749 §5.2's error codes, and §4.1.2.1's two the token endpoint answers for the server's own trouble. */
export const OAUTH_ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
] as const;
export type TOAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

/** The token endpoint's error: RFC 6749's `{error, error_description}` beside the product's `{detail, code}`. */
export const ZOAuthErrorBody = z.object({
  error: z.enum(OAUTH_ERROR_CODES),
  error_description: z.string(),
  detail: z.string(),
  code: z.string(),
});
export type TOAuthErrorBody = z.infer<typeof ZOAuthErrorBody>;

export const OAUTH_MESSAGES = {
  unsupportedGrantType: 'The grant_type must be "password".',
  missingCredentials: 'The username and password are required.',
  invalidClient: 'Client authentication failed: send the client id as HTTP Basic or as client_id.',
  twoClientAuthentications: 'Authenticate the client one way only: HTTP Basic or client_id, not both.',
  /** The realm of RFC 6750's WWW-Authenticate challenge on a protected path's 401. */
  realm: 'Podcast Plus Plus',
} as const;
