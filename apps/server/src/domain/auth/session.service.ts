import type { EntityManager } from '@mikro-orm/postgresql';
import { AUTH } from '@ppp/contracts';
import { SessionSchema, type Session } from './session.entity.ts';
import { UserSchema, type User } from '../users/user.entity.ts';
import { generateSessionToken, sessionIdFromToken } from './session-token.ts';

export interface SessionValidation {
  session: Session;
  user: User;
}

/** Sessions as Lucia's guide describes: random token, hashed id, sliding expiry, revocation. */
export class SessionService {
  private readonly em: EntityManager;
  constructor(em: EntityManager) {
    this.em = em;
  }

  async create(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = generateSessionToken();
    const expiresAt = new Date(Date.now() + AUTH.sessionTtlMs);
    const session = this.em.create(SessionSchema, {
      id: sessionIdFromToken(token),
      user: this.em.getReference(UserSchema, userId),
      expiresAt,
    });
    await this.em.persist(session).flush();
    return { token, expiresAt };
  }

  async validate(token: string): Promise<SessionValidation | null> {
    const id = sessionIdFromToken(token);
    const session = await this.em.findOne(SessionSchema, { id }, { populate: ['user'] });
    if (!session) return null;
    const now = Date.now();
    if (session.expiresAt.getTime() <= now) {
      await this.em.nativeDelete(SessionSchema, { id });
      return null;
    }
    if (session.expiresAt.getTime() - now < AUTH.sessionRenewWithinMs) {
      session.expiresAt = new Date(now + AUTH.sessionTtlMs);
      await this.em.flush();
    }
    return { session, user: session.user as unknown as User };
  }

  async revoke(token: string): Promise<void> {
    await this.em.nativeDelete(SessionSchema, { id: sessionIdFromToken(token) });
  }

  async revokeAllForUser(userId: string, exceptToken?: string): Promise<void> {
    const keep = exceptToken ? sessionIdFromToken(exceptToken) : null;
    await this.em.nativeDelete(SessionSchema, keep ? { user: userId, id: { $ne: keep } } : { user: userId });
  }

  async deleteExpired(): Promise<number> {
    return this.em.nativeDelete(SessionSchema, { expiresAt: { $lte: new Date() } });
  }
}
