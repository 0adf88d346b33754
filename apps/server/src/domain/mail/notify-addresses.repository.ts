import { NotifyAddressSchema, type NotifyAddress } from './notify-address.entity.ts';
import { Repository } from '../../db/repository.ts';

/** What issuing a code found: the address already verified, a code stored, or no room for another address. */
export type IssueOutcome = 'verified' | 'issued' | 'full';

/** The notify_addresses rows of one unit of work; every count and use of a code is one atomic statement. */
export class NotifyAddressesRepository extends Repository {
  listOf(userId: string): Promise<NotifyAddress[]> {
    return this.em.find(NotifyAddressSchema, { user: userId }, { orderBy: { createdAt: 'asc' } });
  }

  find(userId: string, email: string): Promise<NotifyAddress | null> {
    return this.em.findOne(NotifyAddressSchema, { user: userId, email });
  }

  async isVerified(userId: string, email: string): Promise<boolean> {
    return (await this.em.count(NotifyAddressSchema, { user: userId, email, verifiedAt: { $ne: null } })) > 0;
  }

  /**
   * A new code for the address (the row made when it is new, while the user has fewer than `max`;
   * its tries start again). The user's row is locked, so parallel adds cannot pass the cap together.
   */
  issue(userId: string, email: string, codeHash: string, expiresAt: Date, max: number): Promise<IssueOutcome> {
    return this.em.transactional(async (tx) => {
      const conn = tx.getConnection();
      await conn.execute('select id from users where id = ? for update', [userId], 'all', tx.getTransactionContext());
      const existing = await tx.findOne(NotifyAddressSchema, { user: userId, email });
      if (existing?.verifiedAt) return 'verified';
      if (!existing && (await tx.count(NotifyAddressSchema, { user: userId })) >= max) return 'full';
      const row = existing ?? tx.create(NotifyAddressSchema, { user: userId, email });
      row.codeHash = codeHash;
      row.codeExpiresAt = expiresAt;
      row.attempts = 0;
      await tx.flush();
      return 'issued';
    });
  }

  /** Counts one try on the address's usable code before it is compared; null when there is none (expired, used, out of tries). */
  async countTry(id: string, maxAttempts: number): Promise<{ attempts: number; codeHash: string } | null> {
    const rows = await this.em.getConnection().execute<{ attempts: number; code_hash: string }[]>(
      `update notify_addresses set attempts = attempts + 1
       where id = ? and verified_at is null and code_hash is not null and code_expires_at > now() and attempts < ?
       returning attempts, code_hash`,
      [id, maxAttempts],
    );
    const row = rows[0];
    return row ? { attempts: Number(row.attempts), codeHash: row.code_hash } : null;
  }

  /** Marks the address verified and its code used; false when another request already did. */
  async markVerified(id: string): Promise<boolean> {
    const rows = await this.em
      .getConnection()
      .execute<{ id: string }[]>(
        'update notify_addresses set verified_at = now(), code_hash = null, code_expires_at = null where id = ? and verified_at is null and code_hash is not null returning id',
        [id],
      );
    return rows.length > 0;
  }

  /** The code can no longer be used (its last try was wrong). */
  async useUp(id: string): Promise<void> {
    await this.em.getConnection().execute('update notify_addresses set code_hash = null where id = ?', [id]);
  }

  async remove(userId: string, email: string): Promise<boolean> {
    return (await this.em.nativeDelete(NotifyAddressSchema, { user: userId, email })) > 0;
  }
}
