import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openTestOrm } from '../support/database.ts';
import { errorOf, startTestServer, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let plain: TestServer;
let withGoogle: TestServer;

beforeAll(async () => {
  const db = await openTestOrm();
  orm = db.orm;
  plain = await startTestServer(orm, db.databaseUrl);
  withGoogle = await startTestServer(orm, db.databaseUrl, {
    GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'test-secret',
  });
});
afterAll(async () => {
  await plain.close();
  await withGoogle.close();
  await orm.close();
});

function cookies(headers: Headers): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    out.set(pair.slice(0, eq), [decodeURIComponent(pair.slice(eq + 1)), ...attributes].join('; '));
  }
  return out;
}

describe('Google sign-in', () => {
  it('answers 501 NOT_CONFIGURED when no client is configured, and the public config says so', async () => {
    const res = await plain.request('GET', '/api/auth/login/google');
    expect(errorOf(res)).toEqual({ status: 501, code: 'NOT_CONFIGURED', detail: 'Google sign-in is not configured.' });
    expect((await plain.request('GET', '/api/public/config')).body).toMatchObject({ google_sign_in: false });
    expect((await withGoogle.request('GET', '/api/public/config')).body).toMatchObject({ google_sign_in: true });
  });

  it('redirects to Google with state and an S256 PKCE challenge, and keeps state, verifier and return path in cookies', async () => {
    const res = await withGoogle.request('GET', '/api/auth/login/google?return_to=%2Fdashboard%3Ftab%3D2');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.origin).toBe('https://accounts.google.com');
    const q = location.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('test-client.apps.googleusercontent.com');
    expect(q.get('redirect_uri')).toBe('http://localhost:3000/api/auth/google/callback');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    const state = q.get('state');
    expect(state).toBeTruthy();

    const jar = cookies(res.headers);
    expect(jar.get('ppp_google_state')?.split('; ')[0]).toBe(state);
    expect(jar.get('ppp_google_verifier')?.split('; ')[0]).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(jar.get('ppp_google_return')?.split('; ')[0]).toBe('/dashboard?tab=2');
    for (const value of jar.values()) {
      expect(value).toContain('HttpOnly');
      expect(value).toContain('Path=/api/auth');
      expect(value).toMatch(/SameSite=Lax/i);
    }

    // Each start draws a new state.
    const again = await withGoogle.request('GET', '/api/auth/login/google');
    expect(new URL(again.headers.get('location') ?? '').searchParams.get('state')).not.toBe(state);
  });

  it.each(['//evil.com', 'https://evil.com/x', '/\\evil.com'])('never keeps the outside return_to %j', async (returnTo) => {
    const res = await withGoogle.request('GET', `/api/auth/login/google?return_to=${encodeURIComponent(returnTo)}`);
    expect(res.status).toBe(302);
    expect(cookies(res.headers).get('ppp_google_return')?.split('; ')[0]).toBe('/');
  });

  it('refuses a callback whose state does not match the cookie', async () => {
    const start = await withGoogle.request('GET', '/api/auth/login/google');
    const jar = cookies(start.headers);
    const cookie = ['ppp_google_state', 'ppp_google_verifier']
      .map((name) => `${name}=${encodeURIComponent(jar.get(name)?.split('; ')[0] ?? '')}`)
      .join('; ');
    const res = await withGoogle.request('GET', '/api/auth/google/callback?code=abc&state=forged', { headers: { cookie } });
    expect(errorOf(res)).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(res.headers.get('location')).toBeNull();
  });
});
