import { SpreakerError } from './spreaker-error.ts';
import { ZSpreakerTokens, type TSpreakerTokens } from './spreaker-types.ts';

/**
 * Spreaker's OAuth2 authorization-code flow (developers.spreaker.com/guides/authentication).
 * The token request carries client_id and client_secret as form fields, as Spreaker documents it;
 * arctic's generic OAuth2Client always sends the secret as HTTP Basic instead, so this uses fetch.
 */
export interface SpreakerOAuthConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** https://www.spreaker.com/oauth2/authorize in production. */
  authorizeUrl: string;
  /** https://api.spreaker.com/oauth2/token in production. */
  tokenUrl: string;
  fetch?: typeof fetch;
}

export const SPREAKER_OAUTH_DEFAULTS = {
  authorizeUrl: 'https://www.spreaker.com/oauth2/authorize',
  tokenUrl: 'https://api.spreaker.com/oauth2/token',
  /** The only scope Spreaker offers. */
  scope: 'basic',
} as const;

export interface SpreakerTokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** null when Spreaker gives no lifetime. */
  expiresAt: Date | null;
}

/** Where the 600x700 connect popup goes; `state` must be unguessable and checked on return. */
export function spreakerAuthorizationUrl(config: SpreakerOAuthConfig, state: string): URL {
  const url = new URL(config.authorizeUrl);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  url.searchParams.set('scope', SPREAKER_OAUTH_DEFAULTS.scope);
  url.searchParams.set('redirect_uri', config.redirectUri);
  return url;
}

export function exchangeSpreakerCode(config: SpreakerOAuthConfig, code: string, now = new Date()): Promise<SpreakerTokenSet> {
  return tokenRequest(config, { grant_type: 'authorization_code', code, redirect_uri: config.redirectUri }, now);
}

/** Spreaker may rotate the refresh token; keep the old one when it does not send a new one. */
export async function refreshSpreakerToken(config: SpreakerOAuthConfig, refreshToken: string, now = new Date()): Promise<SpreakerTokenSet> {
  const tokens = await tokenRequest(config, { grant_type: 'refresh_token', refresh_token: refreshToken }, now);
  return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
}

async function tokenRequest(config: SpreakerOAuthConfig, fields: Record<string, string>, now: Date): Promise<SpreakerTokenSet> {
  const body = new URLSearchParams({ ...fields, client_id: config.clientId, client_secret: config.clientSecret });
  let response: Response;
  try {
    response = await (config.fetch ?? fetch)(config.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    });
  } catch (cause) {
    throw new SpreakerError('unavailable', null, [], cause);
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    // OAuth errors come as {"error": "invalid_grant", "error_description": ...}, not in the API's wrapper;
    // a 400 there means the code or refresh token is no longer valid, so the user has to connect again.
    const error = json as { error?: unknown; error_description?: unknown } | null;
    const messages = [error?.error_description, error?.error].filter((m): m is string => typeof m === 'string');
    throw SpreakerError.fromStatus(response.status === 400 ? 401 : response.status, messages);
  }
  const parsed = ZSpreakerTokens.safeParse(json);
  if (!parsed.success) throw new SpreakerError('bad_response', response.status, ['Unexpected token response']);
  return toTokenSet(parsed.data, now);
}

function toTokenSet(tokens: TSpreakerTokens, now: Date): SpreakerTokenSet {
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? null,
    expiresAt: tokens.expires_in ? new Date(now.getTime() + tokens.expires_in * 1000) : null,
  };
}
