import { AUTH } from '@ppp/contracts';
import type { Session } from './session.entity.ts';
import type { User } from '../users/user.entity.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import type { SessionCache, SessionRow } from './session-cache.ts';
import { generateSessionToken, sessionIdFromToken } from './session-token.ts';

export interface SessionValidation {
  session: Session;
  user: User;
}

/** Sessions as Lucia's guide describes: random token, hashed id, sliding expiry, revocation. */
export class SessionService {
  private readonly rows: SessionsRepository;
  constructor(rows: SessionsRepository) {
    this.rows = rows;
  }

  async create(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = generateSessionToken();
    const expiresAt = new Date(Date.now() + AUTH.sessionTtlMs);
    await this.rows.create({ id: sessionIdFromToken(token), userId, expiresAt });
    return { token, expiresAt };
  }

  /**
   * The token's session and user, or null. With a cache (the HTTP server's, issue 38), a session read
   * a moment ago is answered from memory; a session to renew is always read and written here.
   */
  async validate(token: string, cache: SessionCache | null = null): Promise<SessionValidation | null> {
    const id = sessionIdFromToken(token);
    const now = Date.now();
    const kept = cache?.get(id, now);
    if (kept && this.usable(kept, now) && !this.dueForRenewal(kept, now)) {
      const session = this.rows.map(id, kept);
      return { session, user: session.user as unknown as User };
    }
    const mark = cache?.mark() ?? 0;
    const row = await this.rows.findRow(id);
    if (!row) return null;
    // A disabled account's sessions end with it, even one another server created while it was being disabled.
    if (!this.usable(row, now)) {
      cache?.forget(id);
      await this.rows.delete(id);
      return null;
    }
    const session = this.rows.map(id, row);
    if (this.dueForRenewal(row, now)) {
      session.expiresAt = new Date(now + AUTH.sessionTtlMs);
      await this.rows.save();
    } else cache?.keep(id, row, mark, now);
    return { session, user: session.user as unknown as User };
  }

  private usable(row: SessionRow, now: number): boolean {
    return row.expiresAt.getTime() > now && !row.user.disabled_at;
  }

  private dueForRenewal(row: SessionRow, now: number): boolean {
    return row.expiresAt.getTime() - now < AUTH.sessionRenewWithinMs;
  }

  async revoke(token: string): Promise<void> {
    await this.rows.delete(sessionIdFromToken(token));
  }

  async revokeAllForUser(userId: string, exceptToken?: string): Promise<void> {
    const keep = exceptToken ? sessionIdFromToken(exceptToken) : null;
    await this.rows.deleteAllOf(userId, keep);
  }

  async deleteExpired(): Promise<number> {
    return this.rows.deleteExpired(new Date());
  }
}
