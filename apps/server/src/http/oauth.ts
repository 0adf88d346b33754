import type { Context } from 'hono';
import { OAUTH_GRANT_TYPES, OAUTH_MESSAGES, ZLoginRequest, type TOAuthErrorCode, type TTokenRequest } from '@ppp/contracts';
import type { z } from 'zod';
import { AppError } from '../domain/errors.ts';
import { parseInput } from '../domain/validation.ts';

/** The OAuth 2.0 token endpoint of the REST layer (RFC 6749 §3.2). */
export const TOKEN_PATH = '/api/auth/token';

/** A refusal the token endpoint names in RFC 6749's words; its product code stays beside them. */
function refusal(code: 'BAD_REQUEST' | 'UNAUTHORIZED', error: TOAuthErrorCode, message: string): AppError {
  return new AppError(code, message, { oauth: error });
}

/** RFC 6749 §2.3: a client authenticates one way, HTTP Basic or client_id. Clients are public: no secret is checked. */
function checkClient(authorization: string | undefined, body: TTokenRequest): void {
  if (authorization === undefined) return;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization.trim());
  if (
    !basic ||
    !Buffer.from(basic[1] ?? '', 'base64')
      .toString('utf8')
      .includes(':')
  ) {
    throw refusal('UNAUTHORIZED', 'invalid_client', OAUTH_MESSAGES.invalidClient);
  }
  if (body.client_id !== undefined) throw refusal('BAD_REQUEST', 'invalid_request', OAUTH_MESSAGES.twoClientAuthentications);
}

/** The password grant's credentials from a token request (RFC 6749 §4.3.2), or the refusal the RFC names. */
export function passwordGrant(body: TTokenRequest, authorization: string | undefined): z.output<typeof ZLoginRequest> {
  checkClient(authorization, body);
  const grant = body.grant_type ?? 'password';
  if (!(OAUTH_GRANT_TYPES as readonly string[]).includes(grant)) {
    throw refusal('BAD_REQUEST', 'unsupported_grant_type', OAUTH_MESSAGES.unsupportedGrantType);
  }
  if (!body.username || !body.password) throw refusal('BAD_REQUEST', 'invalid_request', OAUTH_MESSAGES.missingCredentials);
  return parseInput(ZLoginRequest, { username: body.username, password: body.password });
}

/** The resource owner cannot be granted a token: wrong credentials, or an account that may not sign in. */
const GRANT_REFUSED = new Set(['INVALID_CREDENTIALS', 'EMAIL_NOT_CONFIRMED', 'ACCOUNT_DISABLED', 'ACCOUNT_INACTIVE']);

/** RFC 6749 §5.2: the error code and status of a refused token request. */
export function tokenErrorOf(app: AppError): { status: number; error: TOAuthErrorCode } {
  const named = (app.detail as { oauth?: TOAuthErrorCode } | undefined)?.oauth;
  if (named) return { status: named === 'invalid_client' ? 401 : 400, error: named };
  if (GRANT_REFUSED.has(app.code)) return { status: 400, error: 'invalid_grant' };
  // Throttling and maintenance keep their HTTP status (and Retry-After): a client retries them as such.
  if (app.status === 429) return { status: 429, error: 'invalid_grant' };
  if (app.status === 503) return { status: 503, error: 'temporarily_unavailable' };
  if (app.status >= 500) return { status: app.status, error: 'server_error' };
  return { status: 400, error: 'invalid_request' };
}

const quoted = (text: string) => `"${text.replace(/["\\]/g, '')}"`;

/**
 * The auth side of an error answer: the token endpoint's refusals in RFC 6749's form (`error`,
 * `error_description` beside `detail` and `code`, 400/401), and a `WWW-Authenticate: Bearer`
 * challenge on every other 401 (RFC 6750 §3: `invalid_token` when a token was sent). Answers the
 * status to send.
 */
export function authErrorAnswer(c: Context, app: AppError, body: object): number {
  if (c.req.path === TOKEN_PATH) {
    const { status, error } = tokenErrorOf(app);
    Object.assign(body, { error, error_description: app.message });
    c.header('Pragma', 'no-cache');
    if (status === 401) c.header('WWW-Authenticate', `Basic realm=${quoted(OAUTH_MESSAGES.realm)}`);
    return status;
  }
  if (app.status === 401) {
    const sentToken = /^Bearer\s/i.test(c.req.header('authorization') ?? '');
    const challenge = [`realm=${quoted(OAUTH_MESSAGES.realm)}`];
    if (sentToken) challenge.push('error="invalid_token"', `error_description=${quoted(app.message)}`);
    c.header('WWW-Authenticate', `Bearer ${challenge.join(', ')}`);
  }
  return app.status;
}
