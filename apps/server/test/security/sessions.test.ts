import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { AUTH, MESSAGES } from '@ppp/contracts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { PASSWORD } from '../support/fixtures.ts';
import { errorOf, login, twoUsers, type TestServer } from '../support/http.ts';
import { generateSessionToken, sessionIdFromToken } from '../../src/domain/auth/session-token.ts';

let orm: MikroORM;
let api: TestServer;
let admin: { token: string; email: string };
let user: { token: string; email: string; id: string };

const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute<T[]>(query, params);

/** A session row as another server would have written it while the admin was disabling the account. */
async function leftoverSession(userId: string): Promise<string> {
  const token = generateSessionToken();
  await sql('insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, now())', [
    sessionIdFromToken(token),
    userId,
    new Date(Date.now() + AUTH.sessionTtlMs),
  ]);
  return token;
}

beforeAll(async () => {
  ({ orm, api } = await startApiBed());
  ({ admin, user } = await twoUsers(api));
  await api.trpc(admin.token).admin.updateUser.mutate({ id: user.id, is_active: false });
});
afterAll(() => closeApiBed({ api, orm }));

describe('an account an administrator disabled (issue 35)', () => {
  it('has lost its sessions: /api/users/me and users.me answer 401', async () => {
    expect(errorOf(await api.request('GET', '/api/users/me', { token: user.token }))).toMatchObject({ status: 401 });
    await expect(api.trpc(user.token).users.me.query()).rejects.toMatchObject({ data: { httpStatus: 401 } });
    expect(await sql('select id from sessions where user_id = ?', [user.id])).toEqual([]);
  });

  it('obtains no token with the right password, in the words the login dialog shows; a wrong one learns nothing', async () => {
    const refused = await api.request('POST', '/api/auth/token', { form: { username: user.email, password: PASSWORD } });
    // The token endpoint refuses the grant by RFC 6749: 400 invalid_grant, the spec's words beside it (issue 36).
    expect(errorOf(refused)).toEqual({ status: 400, code: 'ACCOUNT_DISABLED', detail: MESSAGES.accountDisabled });
    const wrong = await api.request('POST', '/api/auth/token', { form: { username: user.email, password: 'guess guess guess' } });
    expect(errorOf(wrong)).toEqual({ status: 400, code: 'INVALID_CREDENTIALS', detail: MESSAGES.invalidCredentials });
    expect(await sql('select id from sessions where user_id = ?', [user.id])).toEqual([]);
  });

  it('cannot use a session that survived the disabling: 401 everywhere, the row removed, nothing written', async () => {
    const token = await leftoverSession(user.id);
    expect((await api.request('GET', '/api/users/me', { token })).status).toBe(401);
    expect((await api.request('POST', '/api/podcasts/', { token, json: { name: 'Foothold Radio', description: 'x' } })).status).toBe(401);
    expect(await sql('select id from sessions where user_id = ?', [user.id])).toEqual([]);
    expect(await sql('select id from podcasts where user_id = ?', [user.id])).toEqual([]);
    const other = await leftoverSession(user.id);
    await expect(api.trpc(other).users.me.query()).rejects.toMatchObject({ data: { httpStatus: 401 } });
  });

  it('can still ask for access without a session', async () => {
    const waitlist = await api.request('POST', '/api/public/waitlist', { json: { email: user.email, note: 'Please let me back in' } });
    expect(waitlist.status).toBeLessThan(300);
  });

  it('signs in and works again once an admin enables it', async () => {
    await api.trpc(admin.token).admin.updateUser.mutate({ id: user.id, is_active: true });
    user.token = await login(api, user.email);
    const prefs = await api.request('PATCH', '/api/auth/users/me/prefs', { token: user.token, json: { first_name: 'Bea' } });
    expect(prefs).toMatchObject({ status: 200, body: { first_name: 'Bea' } });
  });
});
