import pg from 'pg';
import { AUTH } from '@ppp/contracts';

/** What PostgreSQL says of a session: its dates and its user's row, as the sessions repository reads them. */
export interface SessionRow {
  expiresAt: Date;
  createdAt: Date;
  /** The user's columns (snake_case, as the driver gives them). */
  user: Record<string, unknown> & { id: string };
}

/** The channel the migration's triggers announce on: `s:<session id>` deleted or changed, `u:<user id>` changed. */
const CHANNEL = 'ppp_sessions';
/** How long after a lost listener the cache tries to listen again; until then every lookup goes to PostgreSQL. */
const RELISTEN_MS = 1_000;

interface Kept {
  row: SessionRow;
  keptUntil: number;
}

/**
 * The sessions this server looked up, kept in process for AUTH.sessionCacheTtlMs (issue 38): every API
 * call looked its session up in PostgreSQL, a round trip that cost more than most answers. A change is
 * announced by the database itself (Migration20261207194500's triggers, NOTIFY on commit), so a
 * sign-out, a password change or a disabled account on any server, or in the worker, is forgotten here
 * as it commits. Nothing is kept while the LISTEN connection is down: then each lookup reads the row.
 *
 * A notification that arrives while a lookup is on its way to PostgreSQL may be about the row it reads
 * (read before the change committed): `generation` counts notifications, and a row read across one is
 * used but not kept.
 */
export class SessionCache {
  private readonly kept = new Map<string, Kept>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly connectionString: string;
  private readonly ttlMs: number;
  private listener: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private listening = false;
  private closed = false;
  private retryAt = 0;
  /** Notifications (and listener losses) seen so far. */
  private generation = 0;

  constructor(connectionString: string, ttlMs: number = AUTH.sessionCacheTtlMs) {
    this.connectionString = connectionString;
    this.ttlMs = ttlMs;
  }

  /** The kept row of the session, or null (not kept, expired from the cache, or not listening). */
  get(sessionId: string, now = Date.now()): SessionRow | null {
    this.listen();
    const entry = this.kept.get(sessionId);
    if (!entry) return null;
    if (!this.listening || entry.keptUntil <= now) {
      this.forget(sessionId);
      return null;
    }
    return entry.row;
  }

  /** A mark taken before reading a session from PostgreSQL, for `keep`. */
  mark(): number {
    return this.generation;
  }

  /** Keeps a row read since `mark`, unless a change was announced meanwhile or nothing listens. */
  keep(sessionId: string, row: SessionRow, mark: number, now = Date.now()): void {
    if (!this.listening || mark !== this.generation) return;
    if (this.kept.size >= AUTH.sessionCacheMaxEntries) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.forget(oldest);
    }
    this.kept.set(sessionId, { row, keptUntil: now + this.ttlMs });
    const ids = this.byUser.get(row.user.id) ?? new Set<string>();
    ids.add(sessionId);
    this.byUser.set(row.user.id, ids);
  }

  /** Forgets one session (this server changed or deleted it; the announcement follows for the others). */
  forget(sessionId: string): void {
    const entry = this.kept.get(sessionId);
    if (!entry) return;
    this.kept.delete(sessionId);
    const ids = this.byUser.get(entry.row.user.id);
    ids?.delete(sessionId);
    if (ids?.size === 0) this.byUser.delete(entry.row.user.id);
  }

  /**
   * A request that may have written finished on this server: everything kept is forgotten before its
   * answer goes out, so the caller's next request here sees its own change (a sign-out, a new name)
   * without waiting for the database's announcement, which may come a moment after the answer.
   */
  changedHere(): void {
    this.generation++;
    this.kept.clear();
    this.byUser.clear();
  }

  private forgetUser(userId: string): void {
    for (const id of [...(this.byUser.get(userId) ?? [])]) this.forget(id);
  }

  private announced(payload: string | undefined): void {
    this.generation++;
    if (payload?.startsWith('s:')) this.forget(payload.slice(2));
    else if (payload?.startsWith('u:')) this.forgetUser(payload.slice(2));
  }

  /** Starts listening in the background (once, and again a while after the connection is lost). */
  private listen(): void {
    if (this.listening || this.connecting || this.closed || Date.now() < this.retryAt) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    const lost = () => {
      if (this.listener !== client) return;
      this.listener = null;
      this.listening = false;
      this.generation++;
      this.kept.clear();
      this.byUser.clear();
      this.retryAt = Date.now() + RELISTEN_MS;
      void client.end().catch(() => undefined);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', ({ channel, payload }) => {
      if (channel === CHANNEL) this.announced(payload);
    });
    this.listener = client;
    this.connecting = client
      .connect()
      .then(() => client.query(`listen ${CHANNEL}`))
      .then(
        () => {
          this.connecting = null;
          if (this.listener === client && !this.closed) this.listening = true;
        },
        () => {
          lost();
          this.connecting = null;
        },
      );
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    this.kept.clear();
    this.byUser.clear();
    await this.connecting;
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => undefined);
  }
}
