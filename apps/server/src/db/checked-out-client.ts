import type pg from 'pg';

/**
 * Listens for errors on a pooled client checked out for a long hold (an advisory lock). pg-pool only
 * listens while a client is idle; an error on a checked-out client with no listener (PostgreSQL
 * restarting, a failover, pg_terminate_backend) would be an unhandled 'error' event and end the
 * process. `onLost` is told once; the returned function stops listening (call it before release).
 */
/** Clients that already carry the silent listener: a pooled client is checked out many times. */
const silenced = new WeakSet<pg.PoolClient>();

export function watchCheckedOutClient(client: pg.PoolClient, onLost: (error: Error) => void): () => void {
  let told = false;
  const listener = (error: Error) => {
    if (told) return;
    told = true;
    onLost(error);
  };
  client.on('error', listener);
  // A late error after release still needs a listener: keep one silent one per client (adding one
  // at every release grew each pooled client's listeners without bound).
  return () => {
    client.removeListener('error', listener);
    if (silenced.has(client)) return;
    silenced.add(client);
    client.on('error', () => undefined);
  };
}
