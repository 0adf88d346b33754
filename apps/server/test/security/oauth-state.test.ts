import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { SPREAKER_MESSAGES } from '@ppp/contracts';
import { openTestOrm } from '../support/database.ts';
import { startTestServer, twoUsers, type TestServer } from '../support/http.ts';
import { SpreakerSandbox } from '../support/spreaker-sandbox.ts';
import { connectSpreakerAccount, cookiesOf } from '../support/spreaker-connect.ts';
import { OneTimeGrants } from '../../src/domain/auth/one-time-grants.ts';
import { OneTimeGrantsRepository } from '../../src/domain/auth/one-time-grants.repository.ts';

let orm: MikroORM;
let api: TestServer;
let a: { token: string; email: string };
let b: { token: string; email: string; id: string };
const sandbox = new SpreakerSandbox();

const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute<T[]>(query, params);
const connectedUsers = async () => (await sql<{ user_id: string }>('select user_id from spreaker_accounts')).map((r) => r.user_id);

async function ticketFor(token: string): Promise<string> {
  const res = await api.request('POST', '/api/auth/spreaker/ticket', { token });
  return z.object({ ticket: z.string() }).parse(res.body).ticket;
}

/** The attacker starts the flow in their own browser and keeps the authorize link (and its state). */
async function startedBy(token: string): Promise<{ state: string; cookie: string }> {
  const start = await api.request('GET', `/api/auth/spreaker/start?ticket=${await ticketFor(token)}`);
  expect(start.status).toBe(302);
  return { state: new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '', cookie: cookiesOf(start) };
}

const callback = (state: string, cookie?: string) =>
  api.request('GET', `/api/auth/spreaker/callback?code=good-code&state=${encodeURIComponent(state)}`, {
    headers: cookie ? { cookie } : {},
  });

beforeAll(async () => {
  await sandbox.start();
  const db = await openTestOrm();
  orm = db.orm;
  api = await startTestServer(orm, db.databaseUrl, {
    ...sandbox.appEnv,
  });
  ({ admin: a, user: b } = await twoUsers(api));
});
afterAll(async () => {
  await api?.close();
  await orm?.close();
  await sandbox.stop();
});

describe('Spreaker OAuth state bound to the starting browser', () => {
  it('an authorize link started by another account, finished in the victim’s browser (no state cookie), links nothing', async () => {
    const attacker = await startedBy(b.token);
    // The victim's browser never saw the attacker's start page, so it has no (or its own) state cookie.
    const victim = await callback(attacker.state);
    expect(victim.status).toBe(400);
    expect(victim.text).toContain(SPREAKER_MESSAGES.invalidState);
    const ownStart = await startedBy(a.token);
    expect((await callback(attacker.state, ownStart.cookie)).status).toBe(400);
    expect(await connectedUsers()).toEqual([]);
    expect(sandbox.received.filter((r) => r.path === '/oauth2/token')).toHaveLength(0);
  });

  it('a state is single use: the same callback replayed with its cookie is refused', async () => {
    const started = await startedBy(b.token);
    expect((await callback(started.state, started.cookie)).status).toBe(200);
    expect(await connectedUsers()).toEqual([b.id]);
    const replay = await callback(started.state, started.cookie);
    expect(replay.status).toBe(400);
    expect(sandbox.received.filter((r) => r.path === '/oauth2/token')).toHaveLength(1);
    await api.request('POST', '/api/spreaker/disconnect', { token: b.token });
  });

  it('a state past its lifetime is refused', async () => {
    const started = await startedBy(b.token);
    await sql(`update one_time_grants set expires_at = now() - interval '1 second' where purpose = 'spreaker-state'`);
    expect((await callback(started.state, started.cookie)).status).toBe(400);
    expect(await connectedUsers()).toEqual([]);
  });
});

describe('no session token in the start URL', () => {
  it('the session token in the query string opens nothing; a ticket opens the popup once', async () => {
    const withToken = await api.request('GET', `/api/auth/spreaker/start?access_token=${encodeURIComponent(a.token)}`);
    expect(withToken.status).toBe(401);
    expect(withToken.headers.get('location')).toBeNull();
    const ticket = await ticketFor(a.token);
    expect((await api.request('GET', `/api/auth/spreaker/start?ticket=${ticket}`)).status).toBe(302);
    expect((await api.request('GET', `/api/auth/spreaker/start?ticket=${ticket}`)).status).toBe(401);
  });

  it('a ticket brought by several requests at once opens the popup once', async () => {
    const ticket = await ticketFor(a.token);
    const starts = await Promise.all(Array.from({ length: 6 }, () => api.request('GET', `/api/auth/spreaker/start?ticket=${ticket}`)));
    expect(starts.map((res) => res.status).sort()).toEqual([302, 401, 401, 401, 401, 401]);
  });

  it('a grant redeemed on several connections at once names its user to one of them', async () => {
    const grantsOnOwnConnection = () => new OneTimeGrants(new OneTimeGrantsRepository(orm.em.fork()));
    const token = await grantsOnOwnConnection().issue('spreaker-state', b.id, 60_000);
    expect(await grantsOnOwnConnection().redeem('spreaker-ticket', token)).toBeNull();
    const redeemed = await Promise.all(Array.from({ length: 8 }, () => grantsOnOwnConnection().redeem('spreaker-state', token)));
    expect(redeemed.filter((userId) => userId !== null)).toEqual([b.id]);
  });

  it('a ticket past its lifetime opens nothing, and only a signed-in account gets one', async () => {
    const ticket = await ticketFor(a.token);
    await sql(`update one_time_grants set expires_at = now() - interval '1 second' where purpose = 'spreaker-ticket'`);
    expect((await api.request('GET', `/api/auth/spreaker/start?ticket=${ticket}`)).status).toBe(401);
    expect((await api.request('POST', '/api/auth/spreaker/ticket')).status).toBe(401);
  });
});

describe('PUT /api/podcasts/{id} cannot link a Spreaker show that is not the user’s', () => {
  async function show(token: string): Promise<string> {
    const res = await api.request('POST', '/api/podcasts/', { token, json: { name: 'Hijack target', description: 'x' } });
    return z.object({ id: z.string() }).parse(res.body).id;
  }
  const put = (token: string, id: string, spreakerShowId: string) =>
    api.request('PUT', `/api/podcasts/${id}`, { token, json: { name: 'Hijack target', spreaker_show_id: spreakerShowId } });
  const stored = async (id: string) =>
    (
      await sql<{ spreaker_show_id: string | null; host_kind: string }>('select spreaker_show_id, host_kind from podcasts where id = ?', [
        id,
      ])
    )[0];

  it('without a Spreaker connection, a show id is refused and nothing changes', async () => {
    const id = await show(b.token);
    const res = await put(b.token, id, String(sandbox.addShow('Someone else’s show').show_id));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ detail: SPREAKER_MESSAGES.notConnected });
    expect(await stored(id)).toEqual({ spreaker_show_id: null, host_kind: 'builtin' });
  });

  it('connected, a show id that is not among the user’s Spreaker shows is refused; an own one is linked', async () => {
    expect((await connectSpreakerAccount(api.baseUrl, a.token)).status).toBe(200);
    const id = await show(a.token);
    const refused = await put(a.token, id, '999999');
    expect(refused.status).toBe(404);
    expect(await stored(id)).toEqual({ spreaker_show_id: null, host_kind: 'builtin' });
    const own = String(sandbox.addShow('Own show').show_id);
    expect((await put(a.token, id, own)).status).toBe(200);
    expect(await stored(id)).toEqual({ spreaker_show_id: own, host_kind: 'spreaker' });
  });
});
