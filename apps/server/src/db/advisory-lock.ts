import pg from 'pg';
import { watchCheckedOutClient } from './checked-out-client.ts';

const RETRY_MS = 100;
const pools = new Map<string, pg.Pool>();

function poolFor(connectionString: string): pg.Pool {
  let pool = pools.get(connectionString);
  if (!pool) {
    pool = new pg.Pool({ connectionString, max: 10, idleTimeoutMillis: 5_000, allowExitOnIdle: true });
    pool.on('error', () => undefined);
    pools.set(connectionString, pool);
  }
  return pool;
}

/**
 * Runs `work` while holding a PostgreSQL advisory lock on `key` within `namespace` (a number of the
 * caller's own), on a connection of its own: if the process dies, the connection closes and
 * PostgreSQL releases the lock. Answers locked false, without running `work`, when the lock was not
 * had within timeoutMs.
 */
export async function withAdvisoryLock<T>(
  connectionString: string,
  namespace: number,
  key: string,
  work: () => Promise<T>,
  timeoutMs: number,
): Promise<{ locked: true; value: T } | { locked: false }> {
  const client = await poolFor(connectionString).connect();
  let broken: Error | undefined;
  // A dropped connection loses the lock with it; the work goes on (the caller's own unique keys keep a
  // rerun from acting twice) and the broken client is thrown away instead of ending the process.
  const stopWatching = watchCheckedOutClient(client, (error) => {
    broken = error;
  });
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [namespace, key]);
      if (rows[0]?.ok) break;
      if (Date.now() > deadline) return { locked: false };
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    try {
      return { locked: true, value: await work() };
    } finally {
      await client.query('select pg_advisory_unlock($1, hashtext($2))', [namespace, key]).catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    stopWatching();
    client.release(broken ?? false);
  }
}
