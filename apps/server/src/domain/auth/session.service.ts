import { AUTH } from '@ppp/contracts';
import type { Session } from './session.entity.ts';
import type { User } from '../users/user.entity.ts';
import type { SessionsRepository } from './sessions.repository.ts';
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

  async validate(token: string): Promise<SessionValidation | null> {
    const id = sessionIdFromToken(token);
    const session = await this.rows.findWithUser(id);
    if (!session) return null;
    const now = Date.now();
    // A disabled account's sessions end with it, even one another server created while it was being disabled.
    if (session.expiresAt.getTime() <= now || (session.user as unknown as User).disabledAt) {
      await this.rows.delete(id);
      return null;
    }
    if (session.expiresAt.getTime() - now < AUTH.sessionRenewWithinMs) {
      session.expiresAt = new Date(now + AUTH.sessionTtlMs);
      await this.rows.save();
    }
    return { session, user: session.user as unknown as User };
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
