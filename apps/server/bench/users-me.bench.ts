/**
 * pnpm bench: requests per second and latency percentiles of GET /api/users/me (bearer session
 * lookup + JSON) under concurrent load, against the real server on an embedded PostgreSQL.
 */
import autocannon from 'autocannon';
import os from 'node:os';
import { registerBenchAccount } from './support/bench-account.ts';
import { startBenchInstance } from './support/bench-instance.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const instance = await startBenchInstance('users-me');
const { base } = instance;

try {
  const { token } = await registerBenchAccount(base);
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
  await instance.close();
}
