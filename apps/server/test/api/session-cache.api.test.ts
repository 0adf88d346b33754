/**
 * Sessions kept in each server's memory (issue 38, SessionCache): two servers on one database, and
 * what one of them (or the database itself) changes reaches the other within a second: a sign-out,
 * a password change, an account the admin disabled, a new name. The other server has just answered
 * the token, so it holds it in memory when the change is made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PASSWORD } from '../support/fixtures.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { approvedUser, login, startTestServer, twoUsers, ZMeJson, type TestServer, type TestUser } from '../support/http.ts';

let orm: MikroORM;
let a: TestServer;
let b: TestServer;
let admin: TestUser;

beforeAll(async () => {
  const bed = await startApiBed({ SESSION_CACHE: 'true' });
  ({ orm, api: a } = bed);
  b = await startTestServer(orm, bed.databaseUrl, { SESSION_CACHE: 'true' });
  ({ admin } = await twoUsers(a));
});
afterAll(async () => {
  await b?.close();
  await closeApiBed({ api: a, orm });
});

/** The status server `api` answers the token with on GET /api/users/me. */
const statusOn = async (api: TestServer, token: string) => (await api.request('GET', '/api/users/me', { token })).status;

/** Server B answers the token twice (the second from its memory) before the change. */
async function heldByB(token: string): Promise<void> {
  expect(await statusOn(b, token)).toBe(200);
  expect(await statusOn(b, token)).toBe(200);
}

const withinASecond = { timeout: 1_000, interval: 20 };

describe('sessions kept by each server', () => {
  it('a sign-out on one server ends the session on the other within a second', async () => {
    const member = await approvedUser(a, admin.token, 'signout');
    await heldByB(member.token);
    expect((await a.request('POST', '/api/auth/logout', { token: member.token })).status).toBe(200);
    await expect.poll(() => statusOn(b, member.token), withinASecond).toBe(401);
    expect(await statusOn(a, member.token)).toBe(401);
  });

  it('a password change on one server ends the other sessions on the other within a second, and keeps its own', async () => {
    const member = await approvedUser(a, admin.token, 'password');
    const other = await login(a, member.email);
    await heldByB(other);
    await heldByB(member.token);
    const changed = await a.request('POST', '/api/auth/change-password', {
      token: member.token,
      json: { current_password: PASSWORD, new_password: 'another long secret' },
    });
    expect(changed.status).toBe(200);
    await expect.poll(() => statusOn(b, other), withinASecond).toBe(401);
    expect(await statusOn(b, member.token)).toBe(200);
  });

  it('an account the admin disabled on one server is signed out on the other within a second', async () => {
    const member = await approvedUser(a, admin.token, 'disabled');
    await heldByB(member.token);
    const off = await a.request('PATCH', `/api/admin/users/${member.id}`, { token: admin.token, json: { is_active: false } });
    expect(off.status).toBe(200);
    await expect.poll(() => statusOn(b, member.token), withinASecond).not.toBe(200);
  });

  it('a change the database makes outside any server (the worker, a script) reaches the kept user within a second', async () => {
    const member = await approvedUser(a, admin.token, 'renamed');
    await heldByB(member.token);
    await orm.em.fork().getConnection().execute(`update users set first_name = 'Renamed' where id = ?`, [member.id]);
    const nameOnB = async () => ZMeJson.parse((await b.request('GET', '/api/users/me', { token: member.token })).body).first_name;
    await expect.poll(nameOnB, withinASecond).toBe('Renamed');
  });

  it('a server answers a session it holds from memory: a delete the database does not announce goes unseen', async () => {
    const member = await approvedUser(a, admin.token, 'unannounced');
    await heldByB(member.token);
    const em = orm.em.fork();
    await em.transactional(async (tx) => {
      // Replica mode skips the triggers that announce the delete (as a cache that never asked would not care).
      await tx.getConnection().execute('set local session_replication_role = replica', [], 'run', tx.getTransactionContext());
      await tx.getConnection().execute('delete from sessions where user_id = ?', [member.id], 'run', tx.getTransactionContext());
    });
    expect(await statusOn(b, member.token)).toBe(200);
    expect(await statusOn(a, member.token)).toBe(401);
  });

  it('a session deleted in the database is refused by a server that held it within a second', async () => {
    const member = await approvedUser(a, admin.token, 'deleted');
    await heldByB(member.token);
    await orm.em.fork().getConnection().execute('delete from sessions where user_id = ?', [member.id]);
    await expect.poll(() => statusOn(b, member.token), withinASecond).toBe(401);
  });
});
