/**
 * pnpm bench: requests per second and latency percentiles of GET /api/users/me (bearer session
 * lookup + JSON) under concurrent load, against the real server on an embedded PostgreSQL.
 */
import autocannon from 'autocannon';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { openOrm, migrate } from '../src/db/orm.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { startHttpServer } from '../src/server.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ppp-bench-'));
await fs.chmod(dir, 0o777);
const db = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: 55000 + Math.floor(Math.random() * 1000), persistent: false });
const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: db.url, NODE_ENV: 'production' });
const orm = await openOrm(db.url, { poolMax: config.DB_POOL_MAX });
await migrate(orm);
const server = await startHttpServer(orm, config);
const base = `http://127.0.0.1:${server.port}`;

try {
  const email = `bench-${Date.now()}@example.com`;
  await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password-1', accept_terms: true }),
  });
  const login = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password: 'bench-password-1' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const probe = await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
  if (probe.status !== 200) throw new Error(`GET /api/users/me answered ${probe.status}`);

  const result = await autocannon({
    url: `${base}/api/users/me`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { authorization: `Bearer ${token}` },
  });
  const non2xx = result.non2xx + result.errors;
  console.log(`GET /api/users/me — ${CONNECTIONS} connections, ${DURATION_S} s, ${os.cpus().length} cores`);
  console.log(`  requests/s     ${result.requests.average.toFixed(0)} (total ${result.requests.total})`);
  console.log(`  latency p50    ${result.latency.p50} ms`);
  console.log(`  latency p99    ${result.latency.p99} ms`);
  console.log(`  non-2xx/errors ${non2xx}`);
} finally {
  await server.close();
  await orm.close();
  await db.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
