/**
 * The admin's Dev Tools over REST and tRPC (issue 16): the database reset exists only on a server
 * started with DEV_TOOLS=true outside production (404 otherwise, for the admin too), only for
 * admins (403 for a creator, nothing changed) and only after the instance's name is typed (422,
 * nothing changed); done, it leaves the admin's account and session, the built-in music and the
 * schema, and nothing else. The seed is refused to a creator. Seeding itself, then assembling from
 * the seeded show, is apps/worker/test/admin-seed.api.test.ts (it needs a worker).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { DEV_TOOLS_MESSAGES, MESSAGES } from '@ppp/contracts';
import { openTestOrm } from '../support/database.ts';
import { tempDir } from '../support/audio-files.ts';
import { errorOf, startTestServer, twoUsers, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let withFlag: TestServer;
let withoutFlag: TestServer;
let production: TestServer;
let admin: { token: string; email: string };
let creator: { token: string; id: string; email: string };
const data = tempDir('ppp-dev-tools-');
const INSTANCE = 'localhost:3000';

const count = async (table: string) =>
  Number(z.object({ n: z.string() }).parse((await orm.em.getConnection().execute(`select count(*) as n from ${table}`))[0]).n);

async function trpc(server: TestServer, token: string, path: string, input?: unknown) {
  return fetch(`${server.baseUrl}/trpc/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ json: input ?? null }),
  });
}

beforeAll(async () => {
  const db = await openTestOrm();
  orm = db.orm;
  const env = { DATA_DIR: data.dir };
  withFlag = await startTestServer(orm, db.databaseUrl, { ...env, DEV_TOOLS: 'true' });
  withoutFlag = await startTestServer(orm, db.databaseUrl, env);
  production = await startTestServer(orm, db.databaseUrl, { ...env, DEV_TOOLS: 'true', NODE_ENV: 'production' });
  ({ admin, user: creator } = await twoUsers(withFlag));
}, 60_000);

afterAll(async () => {
  await Promise.all([withFlag?.close(), withoutFlag?.close(), production?.close()]);
  await orm?.close();
  data.remove();
});

describe('dev tools', () => {
  it('says whether the reset is on, and the name that confirms it', async () => {
    const on = await withFlag.request('GET', '/api/admin/dev-tools', { token: admin.token });
    expect(on.body).toEqual({ reset_enabled: true, instance_name: INSTANCE });
    expect((await withoutFlag.request('GET', '/api/admin/dev-tools', { token: admin.token })).body).toMatchObject({ reset_enabled: false });
    expect((await production.request('GET', '/api/admin/dev-tools', { token: admin.token })).body).toMatchObject({ reset_enabled: false });
    expect((await withFlag.request('GET', '/api/admin/dev-tools', { token: creator.token })).status).toBe(403);
  });

  it('refuses a creator (403) and a server without the flag or in production (404), changing nothing', async () => {
    const users = await count('users');
    const creatorTry = await withFlag.request('POST', '/api/dev/reset-database', { token: creator.token, json: { confirm: INSTANCE } });
    expect(creatorTry.status).toBe(403);
    expect((await trpc(withFlag, creator.token, 'admin.resetDatabase', { confirm: INSTANCE })).status).toBe(403);
    expect((await withFlag.request('POST', '/api/admin/seed', { token: creator.token })).status).toBe(403);
    expect((await trpc(withFlag, creator.token, 'admin.seed')).status).toBe(403);
    for (const server of [withoutFlag, production]) {
      const res = await server.request('POST', '/api/dev/reset-database', { token: admin.token, json: { confirm: INSTANCE } });
      expect(res.status).toBe(404);
      expect(errorOf(res).detail).toBe('Not found');
      expect((await trpc(server, admin.token, 'admin.resetDatabase', { confirm: INSTANCE })).status).toBe(404);
    }
    expect(await count('users')).toBe(users);
    expect(await count('podcasts')).toBe(0);
    expect((await withFlag.request('GET', '/api/users/me', { token: creator.token })).status).toBe(200);
  });

  it('wants the instance name typed (422, nothing changed)', async () => {
    const users = await count('users');
    for (const confirm of ['', 'localhost', 'yes']) {
      const res = await withFlag.request('POST', '/api/dev/reset-database', { token: admin.token, json: { confirm } });
      expect(res.status).toBe(422);
      expect(errorOf(res).detail).toBe(DEV_TOOLS_MESSAGES.confirmName(INSTANCE));
    }
    expect((await withFlag.request('POST', '/api/dev/reset-database', { token: admin.token, json: {} })).status).toBe(422);
    expect(await count('users')).toBe(users);
  });

  it('empties the instance but for the admin, their session and the built-in music', async () => {
    const show = new FormData();
    show.append('name', 'Creator Show');
    const created = await fetch(`${withFlag.baseUrl}/api/podcasts/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${creator.token}` },
      body: show,
    });
    expect(created.status).toBe(201);
    const settings = await withFlag.request('PUT', '/api/admin/settings', { token: admin.token, json: { default_tier: 'pro' } });
    expect(settings.status).toBe(200);
    await withFlag.request('POST', '/api/public/waitlist', { json: { email: 'someone@example.com', note: 'hi' } });
    const builtin = await count(`music_assets where source = 'builtin'`);

    const res = await withFlag.request('POST', '/api/dev/reset-database', { token: admin.token, json: { confirm: ` ${INSTANCE} ` } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ users_removed: 1 });
    expect(z.object({ tables_cleared: z.number().int().min(10) }).safeParse(res.body).success).toBe(true);

    expect(await count('users')).toBe(1);
    expect(await count('podcasts')).toBe(0);
    expect(await count('waitlist_requests')).toBe(0);
    expect(await count('mail_outbox')).toBe(0);
    expect(await count(`music_assets where source = 'builtin'`)).toBe(builtin);
    expect(await count('mikro_orm_migrations')).toBeGreaterThan(0);
    // The creator's session went with the account; the admin's stays and the settings are the defaults again.
    expect((await withFlag.request('GET', '/api/users/me', { token: creator.token })).status).toBe(401);
    expect((await withFlag.request('GET', '/api/admin/summary', { token: admin.token })).body).toMatchObject({ users: 1, podcasts: 0 });
    expect((await withFlag.request('GET', '/api/admin/settings', { token: admin.token })).body).toMatchObject({ default_tier: 'free' });
    expect(MESSAGES.notAuthorized).toBe(DEV_TOOLS_MESSAGES.notAuthorized);
  });
});
