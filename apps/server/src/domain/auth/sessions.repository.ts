import { SessionSchema, type Session } from './session.entity.ts';
import { UserSchema } from '../users/user.entity.ts';
import { Repository } from '../../db/repository.ts';

/** A session's row joined with its user's columns. */
type SessionUserRow = { session_expires_at: Date; session_created_at: Date; id: string } & Record<string, unknown>;

/** The sessions table: one row per signed-in browser, keyed by the hash of its token. */
export class SessionsRepository extends Repository {
  /** Writes a new session of the user. */
  async create(row: { id: string; userId: string; expiresAt: Date }): Promise<void> {
    const session = this.em.create(SessionSchema, {
      id: row.id,
      user: this.em.getReference(UserSchema, row.userId),
      expiresAt: row.expiresAt,
    });
    await this.em.persist(session).flush();
  }

  /**
   * The session with its user, or null: one plain query mapped into the entity manager (every API
   * call makes it, and building a populated find costs more than the query itself).
   */
  async findWithUser(id: string): Promise<Session | null> {
    const [row] = await this.em
      .getConnection()
      .execute<SessionUserRow[]>(
        'select s.expires_at as session_expires_at, s.created_at as session_created_at, u.* from sessions s join users u on u.id = s.user_id where s.id = ?',
        [id],
      );
    if (!row) return null;
    const { session_expires_at: expiresAt, session_created_at: createdAt, ...user } = row;
    this.em.map(UserSchema, user);
    return this.em.map(SessionSchema, { id, user_id: user.id, expires_at: expiresAt, created_at: createdAt });
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
