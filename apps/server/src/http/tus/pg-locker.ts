import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import { watchCheckedOutClient } from '../../db/checked-out-client.ts';
import { TUS_LOCK_NAMESPACE } from '../../domain/media/unfinished-uploads.repository.ts';

/** Asks the holder of an upload's lock to let go (the payload is the upload's id). */
const CHANNEL = 'ppp_tus_lock_release';
/** Says an upload's lock was let go (the payload is the upload's id), for those waiting to take it. */
const RELEASED = 'ppp_tus_lock_released';
/** The longest a request waiting for a lock sleeps before it tries again, should the release's NOTIFY not come (a dropped connection). */
const RETRY_MS = 50;
const TIMEOUT_MS = 30_000;

/**
 * Lets go of an upload's lock, marks the upload as active and tells the servers (RELEASED, sent as
 * it commits) in the same round trip: whatever held the lock (a chunk written, or cut off) was
 * activity on it, and while it was held the lock itself kept the idle cleanup off it
 * (UnfinishedUploads.removeIdle). One statement per chunk instead of three.
 */
const UNLOCK_AND_TOUCH = `with touched as (update unfinished_uploads set last_activity_at = now() where id = $2)
  select pg_advisory_unlock($1, hashtext($2)), pg_notify('${RELEASED}', $2)`;

/**
 * The lock's connections commit without waiting for the WAL to reach the disk: their only write is the
 * activity time in UNLOCK_AND_TOUCH, which a crash may lose at no cost (the idle cleanup counts in hours),
 * and an advisory lock is no data at all. Waiting for that flush behind a chunk's 16 MB of file writes
 * held each chunk's response 2-30 ms on this machine (issue 20, bench/tus-upload.bench.ts).
 */
const ASYNC_COMMIT = '-c synchronous_commit=off';

/** Requests waiting for an upload's lock, woken when a server says it let go of it (RELEASED) or after RETRY_MS. */
class ReleaseWaits {
  private readonly waiting = new Map<string, Set<() => void>>();

  /** Starts waiting now (before the try it follows, so a release in between is not missed); the promise settles on a release or after RETRY_MS. */
  next(id: string): { released: Promise<void>; cancel: () => void } {
    let wake: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      const timer = setTimeout(() => wake(), RETRY_MS);
      wake = () => {
        clearTimeout(timer);
        const ids = this.waiting.get(id);
        ids?.delete(wake);
        if (ids?.size === 0) this.waiting.delete(id);
        resolve();
      };
    });
    const ids = this.waiting.get(id) ?? new Set();
    ids.add(wake);
    this.waiting.set(id, ids);
    return { released, cancel: wake };
  }

  released(id: string): void {
    for (const wake of [...(this.waiting.get(id) ?? [])]) wake();
  }
}

/**
 * tus locks as PostgreSQL advisory locks, so any server behind a load balancer can take any chunk
 * of an upload. A lock holds one pooled connection while held. A request that finds the lock taken
 * asks the holder to let go (tus's requestRelease, for a client that reconnected after a dropped
 * connection) with NOTIFY; every server LISTENs and releases its holder of that upload, and wakes its
 * requests waiting for the lock as soon as the lock is let go (RELEASED) instead of polling. Letting go
 * marks the upload's activity (UNLOCK_AND_TOUCH), after the request's answer rather than before it
 * (`releasing`): a chunk's bytes are in its file when tus unlocks, so its client need not wait for
 * the database to send the next one, and this server's next lock of the upload waits for the release.
 */
export class PgAdvisoryLocker implements Locker {
  private readonly pool: pg.Pool;
  private readonly held = new Map<string, RequestRelease>();
  /** Releases under way, by upload: a lock of the same upload here waits for its own release first. */
  private readonly releasing = new Map<string, Promise<void>>();
  private readonly waits = new ReleaseWaits();
  private listener: Promise<pg.Client> | null = null;

  constructor(orm: MikroORM) {
    this.pool = new pg.Pool({ connectionString: String(orm.config.get('clientUrl')), max: 20, options: ASYNC_COMMIT });
    this.pool.on('error', () => undefined);
  }

  private listen(): Promise<pg.Client> {
    this.listener ??= (async () => {
      const client = new pg.Client({ connectionString: String(this.pool.options.connectionString) });
      client.on('error', () => undefined);
      client.on('notification', ({ channel, payload }) => {
        if (!payload) return;
        if (channel === RELEASED) return this.waits.released(payload);
        const release = this.held.get(payload);
        if (release) void release();
      });
      await client.connect();
      await client.query(`listen ${CHANNEL}; listen ${RELEASED}`);
      return client;
    })();
    return this.listener;
  }

  /**
   * Takes the upload's advisory lock on `conn`, asking its holder to let go and trying again as it
   * does (or every RETRY_MS), until the request is aborted or TIMEOUT_MS pass (tus's lock timeout).
   */
  private async waitForLock(conn: pg.PoolClient, id: string, signal: AbortSignal): Promise<void> {
    const deadline = Date.now() + TIMEOUT_MS;
    for (;;) {
      const wait = this.waits.next(id);
      const { rows } = await conn.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [TUS_LOCK_NAMESPACE, id]);
      if (rows[0]?.ok) return wait.cancel();
      await conn.query('select pg_notify($1, $2)', [CHANNEL, id]);
      if (signal.aborted || Date.now() > deadline) {
        wait.cancel();
        throw ERRORS.ERR_LOCK_TIMEOUT;
      }
      await wait.released;
    }
  }

  newLock(id: string): Lock {
    let client: pg.PoolClient | null = null;
    let stopWatching: () => void = () => undefined;
    let lost: Error | null = null;
    return {
      lock: async (signal: AbortSignal, requestRelease: RequestRelease) => {
        await this.listen();
        for (let pending = this.releasing.get(id); pending; pending = this.releasing.get(id)) await pending;
        const conn = await this.pool.connect();
        lost = null;
        // The connection dropping (PostgreSQL restarting, a failover) loses the lock: the request
        // holding it is asked to end, as when another request wants it, and the client is discarded.
        stopWatching = watchCheckedOutClient(conn, (error) => {
          lost = error;
          if (client === conn) void requestRelease();
        });
        try {
          await this.waitForLock(conn, id, signal);
        } catch (error) {
          stopWatching();
          conn.release(lost ?? (error instanceof Error ? error : false));
          throw error;
        }
        client = conn;
        this.held.set(id, requestRelease);
      },
      unlock: async () => {
        const conn = client;
        client = null;
        this.held.delete(id);
        if (!conn) return;
        stopWatching();
        if (lost) {
          conn.release(lost);
          return;
        }
        this.release(id, conn);
      },
    };
  }

  /** Lets go of the upload's lock on `conn` in the background (see `releasing`). */
  private release(id: string, conn: pg.PoolClient): void {
    const released = conn.query(UNLOCK_AND_TOUCH, [TUS_LOCK_NAMESPACE, id]).then(
      () => conn.release(),
      // A broken connection drops its advisory locks with it.
      (error: unknown) => conn.release(error instanceof Error ? error : true),
    );
    const done = released.finally(() => {
      if (this.releasing.get(id) === done) this.releasing.delete(id);
    });
    this.releasing.set(id, done);
  }

  async close(): Promise<void> {
    await Promise.all(this.releasing.values());
    const listener = this.listener;
    this.listener = null;
    if (listener) await (await listener).end().catch(() => undefined);
    await this.pool.end();
  }
}
