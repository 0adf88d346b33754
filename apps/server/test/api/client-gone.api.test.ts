/**
 * A request whose client closed its connection while the request waited (for the database, behind
 * others, as under load) is not worked on: nobody would read the answer (issue 20: a server behind on
 * 200 connections went on building lists for clients long gone, its memory up for minutes). Here the
 * request waits on a lock of the sessions table; the client leaves; once the lock goes, nothing changed.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.ts';
import { sharedDepsFor } from '../../src/server.ts';
import { openTestOrm } from '../support/database.ts';
import { testConfig, uniqueEmail } from '../support/fixtures.ts';
import { login, register, startTestServer, ZMeJson, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let databaseUrl: string;
let api: TestServer;
let token: string;
/** The app on a node:http server of its own, so the test can see when the client's connection is gone and when the app is done. */
let server: Server;
let inFlight = 0;
let base: string;

beforeAll(async () => {
  ({ orm, databaseUrl } = await openTestOrm());
  api = await startTestServer(orm, databaseUrl);
  const email = uniqueEmail('gone');
  await register(api, email);
  token = await login(api, email);
  const app = createApp({ orm, shared: sharedDepsFor(testConfig(databaseUrl)) });
  const counted: typeof app.fetch = async (...args) => {
    inFlight += 1;
    try {
      return await app.fetch(...args);
    } finally {
      inFlight -= 1;
    }
  };
  server = serve({ fetch: counted, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await api?.close();
  await orm?.close();
});

const connections = () => new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));

/** Renames the user while the sessions table is locked; the client leaves first when `leave` is set. Returns the name after. */
async function renameWhileWaiting(name: string, leave: boolean): Promise<string | null | undefined> {
  const locker = new pg.Client({ connectionString: databaseUrl });
  await locker.connect();
  try {
    await locker.query('begin');
    await locker.query('lock table sessions in access exclusive mode');
    const client = new AbortController();
    const renamed = fetch(`${base}/api/auth/users/me/prefs`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: name }),
      signal: client.signal,
    }).then(
      (res) => res.status,
      () => 'left',
    );
    // The request is waiting for the lock.
    await expect
      .poll(
        async () =>
          (await locker.query("select count(*)::int as n from pg_locks where not granted and relation = 'sessions'::regclass")).rows[0].n,
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    if (leave) {
      client.abort();
      expect(await renamed).toBe('left');
      await expect.poll(connections, { timeout: 30_000 }).toBe(0);
    }
    await locker.query('commit');
    if (!leave) expect(await renamed).toBe(200);
  } finally {
    await locker.end();
  }
  // Whatever the server still does with the request has ended.
  await expect.poll(() => inFlight, { timeout: 30_000 }).toBe(0);
  return ZMeJson.parse((await api.request('GET', '/api/users/me', { token })).body).first_name;
}

describe('a request whose client is gone', () => {
  it('is answered as usual while its client waits', async () => {
    expect(await renameWhileWaiting('Waited', false)).toBe('Waited');
  });

  it('changes nothing once its client left while it waited', async () => {
    expect(await renameWhileWaiting('Left', true)).toBe('Waited');
  });
});
