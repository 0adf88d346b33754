import { OneTimeGrantSchema, type GrantPurpose } from './one-time-grant.entity.ts';
import { Repository } from '../../db/repository.ts';

/** The one_time_grants table: grants stored by their token's hash, each taken at most once. */
export class OneTimeGrantsRepository extends Repository {
  /** Stores a grant, and drops the expired ones on the way. */
  async add(grant: { tokenHash: string; purpose: GrantPurpose; userId: string; expiresAt: Date }): Promise<void> {
    await this.em.nativeDelete(OneTimeGrantSchema, { expiresAt: { $lt: new Date() } });
    await this.em.insert(OneTimeGrantSchema, {
      tokenHash: grant.tokenHash,
      purpose: grant.purpose,
      user: grant.userId,
      expiresAt: grant.expiresAt,
    });
  }

  /**
   * Deletes the grant and answers whose it was and until when; null when there is none of that
   * purpose. Only the request whose delete removed the row gets it: when two bring the same token at
   * once, PostgreSQL makes the second delete wait for the first and then find nothing.
   */
  async take(tokenHash: string, purpose: GrantPurpose): Promise<{ userId: string; expiresAt: Date } | null> {
    const grant = await this.em.fork().findOne(OneTimeGrantSchema, { tokenHash, purpose });
    if (!grant) return null;
    const deleted = await this.em.nativeDelete(OneTimeGrantSchema, { tokenHash, purpose });
    return deleted === 1 ? { userId: grant.user.id, expiresAt: grant.expiresAt } : null;
  }
}
