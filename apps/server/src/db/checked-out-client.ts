import type pg from 'pg';

/**
 * Listens for errors on a pooled client checked out for a long hold (an advisory lock). pg-pool only
 * listens while a client is idle; an error on a checked-out client with no listener (PostgreSQL
 * restarting, a failover, pg_terminate_backend) would be an unhandled 'error' event and end the
 * process. `onLost` is told once; the returned function stops listening (call it before release).
 */
export function watchCheckedOutClient(client: pg.PoolClient, onLost: (error: Error) => void): () => void {
  let told = false;
  const listener = (error: Error) => {
    if (told) return;
    told = true;
    onLost(error);
  };
  client.on('error', listener);
  // A late error after release still needs a listener: keep a silent one.
  return () => {
    client.removeListener('error', listener);
    client.on('error', () => undefined);
  };
}
