import type { User } from '../users/user.entity.ts';
import { EmailVerificationSchema, type EmailVerification } from './email-verification.entity.ts';
import { Repository } from '../../db/repository.ts';

/** The email codes (email_verifications): hashed, single use; tries counted and codes used up atomically. */
export class VerificationCodesRepository extends Repository {
  /**
   * Uses up the user's pending codes and writes a new one (the unit of work's other changes are
   * written with it).
   */
  async replacePending(user: User, code: { codeHash: string; expiresAt: Date }): Promise<void> {
    await this.em.nativeUpdate(EmailVerificationSchema, { user: user.id, usedAt: null }, { usedAt: new Date() });
    this.em.create(EmailVerificationSchema, { user, email: user.email, ...code });
    await this.em.flush();
  }

  /** Whether the user has an unused code that has not expired by `now`. */
  async hasPending(userId: string, now: Date): Promise<boolean> {
    return (await this.em.count(EmailVerificationSchema, { user: userId, usedAt: null, expiresAt: { $gt: now } })) > 0;
  }

  /** The user's newest unused code for this address (expired or not), or null. */
  latestUnused(userId: string, email: string): Promise<EmailVerification | null> {
    return this.em.findOne(EmailVerificationSchema, { user: userId, email, usedAt: null }, { orderBy: { createdAt: 'desc' } });
  }

  /** Counts one try on a usable code (unused, unexpired, fewer than maxAttempts tries); the new count, or null. */
  async countTry(id: string, maxAttempts: number): Promise<number | null> {
    const rows = await this.em.getConnection().execute<{ attempts: number }[]>(
      `update email_verifications set attempts = attempts + 1
       where id = ? and used_at is null and expires_at > now() and attempts < ?
       returning attempts`,
      [id, maxAttempts],
    );
    return rows[0] ? Number(rows[0].attempts) : null;
  }

  /** Marks a code used; false when another request already did. */
  async useUp(id: string): Promise<boolean> {
    const rows = await this.em
      .getConnection()
      .execute<{ id: string }[]>('update email_verifications set used_at = now() where id = ? and used_at is null returning id', [id]);
    return rows.length > 0;
  }

  /** Deletes used codes and those expired before `expiredBefore`; answers how many. */
  deleteSpent(expiredBefore: Date): Promise<number> {
    return this.em.nativeDelete(EmailVerificationSchema, { $or: [{ expiresAt: { $lt: expiredBefore } }, { usedAt: { $ne: null } }] });
  }
}
