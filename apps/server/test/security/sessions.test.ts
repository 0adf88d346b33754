import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { MESSAGES } from '@ppp/contracts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { PASSWORD } from '../support/fixtures.ts';
import { login, twoUsers, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let admin: { token: string; email: string };
let user: { token: string; email: string; id: string };

const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute<T[]>(query, params);
const userRow = async () =>
  (
    await sql<{ first_name: string | null; terms_version_accepted: string | null }>(
      'select first_name, terms_version_accepted from users where id = ?',
      [user.id],
    )
  )[0];

beforeAll(async () => {
  ({ orm, api } = await startApiBed());
  ({ admin, user } = await twoUsers(api));
  await api.trpc(admin.token).admin.updateUser.mutate({ id: user.id, is_active: false });
  // Deactivation ends the account's sessions; it may sign in again, to see the waitlist page.
  expect((await api.request('GET', '/api/users/me', { token: user.token })).status).toBe(401);
  user.token = await login(api, user.email);
});
afterAll(() => closeApiBed({ api, orm }));

describe('an account an administrator deactivated', () => {
  it('can still read itself (to show the waitlist page)', async () => {
    const me = await api.request('GET', '/api/users/me', { token: user.token });
    expect(me).toMatchObject({ status: 200, body: { email: user.email, is_active: false } });
    expect(await api.trpc(user.token).users.me.query()).toMatchObject({ is_active: false });
  });

  it('cannot change its password to keep a foothold: 403, and only the old password signs in', async () => {
    const before = await sql('select password_hash from users where id = ?', [user.id]);
    const res = await api.request('POST', '/api/auth/change-password', {
      token: user.token,
      json: { current_password: PASSWORD, new_password: 'a brand new passphrase 42' },
    });
    expect(res).toMatchObject({ status: 403, body: { detail: MESSAGES.accountInactive } });
    await expect(
      api.trpc(user.token).auth.changePassword.mutate({ current_password: PASSWORD, new_password: 'a brand new passphrase 42' }),
    ).rejects.toMatchObject({ data: { httpStatus: 403 } });
    expect(await sql('select password_hash from users where id = ?', [user.id])).toEqual(before);
  });

  it('cannot change its profile or accept terms: 403 and the row unchanged', async () => {
    const before = await userRow();
    const prefs = await api.request('PATCH', '/api/auth/users/me/prefs', { token: user.token, json: { first_name: 'Mallory' } });
    expect(prefs.status).toBe(403);
    await expect(api.trpc(user.token).users.updatePrefs.mutate({ first_name: 'Mallory' })).rejects.toMatchObject({
      data: { httpStatus: 403 },
    });
    const terms = await api.request('POST', '/api/auth/terms/accept', { token: user.token, json: { version: '2099-01-01' } });
    expect(terms.status).toBe(403);
    expect(await userRow()).toEqual(before);
  });

  it('cannot use the workspace: creating a show is 403 and stores nothing', async () => {
    const res = await api.request('POST', '/api/podcasts/', { token: user.token, json: { name: 'Foothold Radio', description: 'x' } });
    expect(res.status).toBe(403);
    expect(await sql('select id from podcasts where user_id = ?', [user.id])).toEqual([]);
  });

  it('can still ask for access and sign out; the token is then dead', async () => {
    const waitlist = await api.request('POST', '/api/public/waitlist', { json: { email: user.email, note: 'Please let me back in' } });
    expect(waitlist.status).toBeLessThan(300);
    expect((await api.request('POST', '/api/auth/logout', { token: user.token })).status).toBe(200);
    expect((await api.request('GET', '/api/users/me', { token: user.token })).status).toBe(401);
    user.token = await login(api, user.email);
  });

  it('is the workspace again once reactivated', async () => {
    await api.trpc(admin.token).admin.updateUser.mutate({ id: user.id, is_active: true });
    const prefs = await api.request('PATCH', '/api/auth/users/me/prefs', { token: user.token, json: { first_name: 'Bea' } });
    expect(prefs).toMatchObject({ status: 200, body: { first_name: 'Bea' } });
  });
});
