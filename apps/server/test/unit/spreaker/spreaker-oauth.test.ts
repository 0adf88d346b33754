import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exchangeSpreakerCode,
  fromSpreakerDate,
  refreshSpreakerToken,
  spreakerAuthorizationUrl,
  spreakerPublishFields,
  toSpreakerDate,
  type SpreakerOAuthConfig,
} from '../../../src/adapters/spreaker/index.ts';
import { FakeSpreaker } from './fake-spreaker.ts';

const fake = new FakeSpreaker().on('POST', '/oauth2/token', (req) => {
  if (req.fields.code === 'expired' || req.fields.refresh_token === 'revoked') {
    return { status: 400, body: { error: 'invalid_grant', error_description: 'The authorization code has expired' } };
  }
  const refreshing = req.fields.grant_type === 'refresh_token';
  return {
    body: {
      access_token: refreshing ? 'ACCESS-2' : 'ACCESS-1',
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'basic',
      ...(refreshing ? {} : { refresh_token: 'REFRESH-1' }),
    },
  };
});

beforeAll(() => fake.start());
afterAll(() => fake.stop());

const config = (): SpreakerOAuthConfig => ({
  clientId: 'app-id',
  clientSecret: 'app-secret',
  redirectUri: 'https://podcasts.example.com/api/auth/spreaker/callback',
  authorizeUrl: `${fake.origin}/oauth2/authorize`,
  tokenUrl: `${fake.origin}/oauth2/token`,
});
const now = new Date('2025-06-10T12:00:00Z');

describe('Spreaker OAuth2', () => {
  it('builds the login dialog URL with every required parameter', () => {
    const url = spreakerAuthorizationUrl(config(), 'csrf-123');
    expect(url.pathname).toBe('/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'app-id',
      response_type: 'code',
      state: 'csrf-123',
      scope: 'basic',
      redirect_uri: 'https://podcasts.example.com/api/auth/spreaker/callback',
    });
  });

  it('exchanges a code with the client credentials as form fields', async () => {
    const tokens = await exchangeSpreakerCode(config(), 'the-code', now);
    expect(tokens).toEqual({ accessToken: 'ACCESS-1', refreshToken: 'REFRESH-1', expiresAt: new Date('2025-06-10T13:00:00Z') });
    expect(fake.last()).toMatchObject({
      method: 'POST',
      path: '/oauth2/token',
      contentType: 'application/x-www-form-urlencoded',
      fields: {
        grant_type: 'authorization_code',
        code: 'the-code',
        redirect_uri: 'https://podcasts.example.com/api/auth/spreaker/callback',
        client_id: 'app-id',
        client_secret: 'app-secret',
      },
    });
  });

  it('refreshes, keeping the refresh token when no new one is sent', async () => {
    const tokens = await refreshSpreakerToken(config(), 'REFRESH-1', now);
    expect(tokens).toMatchObject({ accessToken: 'ACCESS-2', refreshToken: 'REFRESH-1' });
    expect(fake.last().fields).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'REFRESH-1', client_secret: 'app-secret' });
  });

  it('treats an expired code or revoked refresh token as a lost connection', async () => {
    await expect(exchangeSpreakerCode(config(), 'expired')).rejects.toMatchObject({
      kind: 'unauthorized',
      messages: ['The authorization code has expired', 'invalid_grant'],
    });
    await expect(refreshSpreakerToken(config(), 'revoked')).rejects.toMatchObject({ kind: 'unauthorized' });
  });
});

describe('Spreaker dates', () => {
  it("round-trips 'YYYY-MM-DD HH:MM:SS' in UTC", () => {
    const date = new Date('2025-06-11T09:05:07.900Z');
    expect(toSpreakerDate(date)).toBe('2025-06-11 09:05:07');
    expect(fromSpreakerDate('2025-06-11 09:05:07').toISOString()).toBe('2025-06-11T09:05:07.000Z');
    expect(() => fromSpreakerDate('2025-06-11T09:05:07Z')).toThrow();
  });
});

describe('publish states on Spreaker', () => {
  it('publishes now as public or private, and schedules with auto_published_at', () => {
    expect(spreakerPublishFields('public', null, now)).toEqual({ hidden: false });
    expect(spreakerPublishFields('unpublished', null, now)).toEqual({ hidden: true });
    expect(spreakerPublishFields('limited', now, now)).toEqual({ hidden: true });
    expect(spreakerPublishFields('unpublished', new Date('2025-06-11T09:00:00Z'), now)).toEqual({
      hidden: false,
      auto_published_at: '2025-06-11 09:00:00',
    });
  });
});
