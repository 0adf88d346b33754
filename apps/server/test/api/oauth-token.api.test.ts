import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ResourceOwnerPassword } from 'simple-oauth2';
import { z } from 'zod';
import { MESSAGES, OAUTH_MESSAGES, ZOAuthErrorBody } from '@ppp/contracts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { PASSWORD } from '../support/fixtures.ts';
import { twoUsers, ZMeJson, type TestServer, type TestUser } from '../support/http.ts';

// Issue 36: POST /api/auth/token by RFC 6749 (the password grant), read by a stock OAuth 2.0 client.
let orm: MikroORM;
let api: TestServer;
let user: TestUser;

beforeAll(async () => {
  ({ orm, api } = await startApiBed());
  ({ user } = await twoUsers(api));
});
afterAll(() => closeApiBed({ api, orm }));

const client = () =>
  new ResourceOwnerPassword({
    client: { id: 'third-party-app', secret: '' },
    auth: { tokenHost: api.baseUrl, tokenPath: '/api/auth/token' },
  });

const token = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  api.request('POST', '/api/auth/token', { form, headers });

describe('the token endpoint read by simple-oauth2 (a stock OAuth 2.0 client)', () => {
  it('gets a bearer token with the password grant and reads /api/users/me with it', async () => {
    const granted = await client().getToken({ username: user.email, password: PASSWORD });
    expect(granted.token).toMatchObject({ token_type: 'bearer', access_token: expect.any(String) });
    const me = await api.request('GET', '/api/users/me', { token: String(granted.token.access_token) });
    expect(me.status).toBe(200);
    expect(ZMeJson.parse(me.body).email).toBe(user.email);
  });

  it('reports a wrong password as invalid_grant, which the client surfaces', async () => {
    const refused = await client()
      .getToken({ username: user.email, password: 'not the password' })
      .then(
        () => null,
        (error: { output?: { statusCode: number }; data?: { payload?: unknown } }) => error,
      );
    expect(refused?.output?.statusCode).toBe(400);
    expect(ZOAuthErrorBody.parse(refused?.data?.payload)).toEqual({
      error: 'invalid_grant',
      error_description: MESSAGES.invalidCredentials,
      detail: MESSAGES.invalidCredentials,
      code: 'INVALID_CREDENTIALS',
    });
  });
});

describe('the token endpoint by RFC 6749', () => {
  it('issues a token with grant_type=password and without it (the spec’s form), never to be cached', async () => {
    for (const form of [{ grant_type: 'password' }, {}] as Record<string, string>[]) {
      const res = await token({ ...form, username: user.email, password: PASSWORD });
      expect(res.status).toBe(200);
      expect(z.object({ access_token: z.string(), token_type: z.literal('bearer') }).parse(res.body)).toBeTruthy();
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('pragma')).toBe('no-cache');
    }
  });

  it('answers unsupported_grant_type for a grant it does not issue (no refresh tokens exist)', async () => {
    for (const grant_type of ['refresh_token', 'client_credentials', 'authorization_code']) {
      const res = await token({ grant_type, username: user.email, password: PASSWORD, refresh_token: 'x' });
      expect(res.status).toBe(400);
      expect(ZOAuthErrorBody.parse(res.body)).toEqual({
        error: 'unsupported_grant_type',
        error_description: OAUTH_MESSAGES.unsupportedGrantType,
        detail: OAUTH_MESSAGES.unsupportedGrantType,
        code: 'BAD_REQUEST',
      });
    }
  });

  it('answers invalid_request for a missing password, a malformed email and a JSON body', async () => {
    const missing = await token({ grant_type: 'password', username: user.email });
    expect([missing.status, ZOAuthErrorBody.parse(missing.body).error]).toEqual([400, 'invalid_request']);
    const malformed = await token({ grant_type: 'password', username: 'not-an-email', password: PASSWORD });
    expect([malformed.status, ZOAuthErrorBody.parse(malformed.body)]).toMatchObject([
      400,
      { error: 'invalid_request', code: 'VALIDATION' },
    ]);
    const json = await api.request('POST', '/api/auth/token', {
      json: { grant_type: 'password', username: user.email, password: PASSWORD },
    });
    expect([json.status, ZOAuthErrorBody.parse(json.body)]).toMatchObject([
      400,
      { error: 'invalid_request', code: 'UNSUPPORTED_MEDIA_TYPE' },
    ]);
  });

  it('answers 401 invalid_client with a Basic challenge to a client authentication it cannot read', async () => {
    for (const authorization of ['Bearer something', 'Basic not-base64!', `Basic ${Buffer.from('no-colon').toString('base64')}`]) {
      const res = await token({ grant_type: 'password', username: user.email, password: PASSWORD }, { authorization });
      expect(res.status).toBe(401);
      expect(ZOAuthErrorBody.parse(res.body)).toMatchObject({ error: 'invalid_client', code: 'UNAUTHORIZED' });
      expect(res.headers.get('www-authenticate')).toBe(`Basic realm="${OAUTH_MESSAGES.realm}"`);
    }
    const twice = await token(
      { grant_type: 'password', username: user.email, password: PASSWORD, client_id: 'app' },
      { authorization: `Basic ${Buffer.from('app:').toString('base64')}` },
    );
    expect([twice.status, ZOAuthErrorBody.parse(twice.body).error]).toEqual([400, 'invalid_request']);
  });
});

describe('a protected path’s 401 by RFC 6750', () => {
  it('challenges with Bearer, naming invalid_token only when a token was sent', async () => {
    const none = await api.request('GET', '/api/users/me');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe(`Bearer realm="${OAUTH_MESSAGES.realm}"`);
    const forged = await api.request('GET', '/api/podcasts/', { token: 'forged-token' });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('www-authenticate')).toBe(
      `Bearer realm="${OAUTH_MESSAGES.realm}", error="invalid_token", error_description="${MESSAGES.notAuthenticated}"`,
    );
    expect((await api.request('GET', '/api/users/me', { token: user.token })).headers.get('www-authenticate')).toBeNull();
  });
});
