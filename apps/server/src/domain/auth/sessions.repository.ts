import type { EntityManager } from '@mikro-orm/postgresql';
import { SessionSchema, type Session } from './session.entity.ts';
import { UserSchema } from '../users/user.entity.ts';

/** The sessions table: one row per signed-in browser, keyed by the hash of its token. */
export class SessionsRepository {
  private readonly em: EntityManager;
  constructor(em: EntityManager) {
    this.em = em;
  }

  /** Writes a new session of the user. */
  async create(row: { id: string; userId: string; expiresAt: Date }): Promise<void> {
    const session = this.em.create(SessionSchema, {
      id: row.id,
      user: this.em.getReference(UserSchema, row.userId),
      expiresAt: row.expiresAt,
    });
    await this.em.persist(session).flush();
  }

  /** The session with its user, or null. */
  findWithUser(id: string): Promise<Session | null> {
    return this.em.findOne(SessionSchema, { id }, { populate: ['user'] });
  }

  /** Writes the changes made to sessions read through this repository (a renewed expiry). */
  save(): Promise<void> {
    return this.em.flush();
  }

  async delete(id: string): Promise<void> {
    await this.em.nativeDelete(SessionSchema, { id });
  }

  /** Deletes every session of the user but the one kept (when given). */
  async deleteAllOf(userId: string, keepId: string | null): Promise<void> {
    await this.em.nativeDelete(SessionSchema, keepId ? { user: userId, id: { $ne: keepId } } : { user: userId });
  }

  /** Deletes the sessions expired by now; answers how many. */
  deleteExpired(now: Date): Promise<number> {
    return this.em.nativeDelete(SessionSchema, { expiresAt: { $lte: now } });
  }
}
