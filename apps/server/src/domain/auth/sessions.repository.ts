import { SessionSchema, type Session } from './session.entity.ts';
import { UserSchema } from '../users/user.entity.ts';
import { Repository } from '../../db/repository.ts';
import type { SessionRow } from './session-cache.ts';

/** A session's row joined with its user's columns. */
type SessionUserRow = { session_expires_at: string | Date; session_created_at: string | Date; id: string } & Record<string, unknown>;

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
   * The session's dates with its user's row, or null: one plain query (every API call makes it, and
   * building a populated find costs more than the query itself). `map` puts it into the entity manager.
   */
  async findRow(id: string): Promise<SessionRow | null> {
    const [row] = await this.em
      .getConnection()
      .execute<SessionUserRow[]>(
        'select s.expires_at as session_expires_at, s.created_at as session_created_at, u.* from sessions s join users u on u.id = s.user_id where s.id = ?',
        [id],
      );
    if (!row) return null;
    const { session_expires_at: expiresAt, session_created_at: createdAt, ...user } = row;
    // The driver leaves timestamps as text (the entity manager converts them when it maps a row).
    return { expiresAt: new Date(expiresAt), createdAt: new Date(createdAt), user };
  }

  /** A session row (read here or kept by the session cache) as this unit of work's managed session and user. */
  map(id: string, row: SessionRow): Session {
    // A copy: the entity manager keeps what it is given, and a kept row serves many requests.
    this.em.map(UserSchema, { ...row.user });
    return this.em.map(SessionSchema, { id, user_id: row.user.id, expires_at: row.expiresAt, created_at: row.createdAt });
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
