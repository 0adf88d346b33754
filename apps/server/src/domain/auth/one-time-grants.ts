import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { hashCode } from './session-token.ts';

/** What a grant opens; a grant of one purpose never redeems as another. */
export type GrantPurpose = 'spreaker-ticket' | 'spreaker-state';

/**
 * Short-lived, single-use random tokens naming a user (the Spreaker popup's ticket and OAuth state).
 * Only a hash is stored; redeeming deletes the row in the same statement, so a token works once even
 * when two requests bring it at the same moment.
 */
export class OneTimeGrants {
  private readonly em: EntityManager;
  constructor(em: EntityManager) {
    this.em = em;
  }

  async issue(purpose: GrantPurpose, userId: string, ttlMs: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const connection = this.em.getConnection();
    await connection.execute('delete from one_time_grants where expires_at < now()');
    await connection.execute(
      `insert into one_time_grants (token_hash, purpose, user_id, expires_at) values (?, ?, ?, now() + make_interval(secs => ?))`,
      [hashCode(token), purpose, userId, ttlMs / 1000],
    );
    return token;
  }

  /** The user the token was issued to, once; null when it is unknown, used, expired or of another purpose. */
  async redeem(purpose: GrantPurpose, token: string): Promise<string | null> {
    if (!token) return null;
    const rows = await this.em
      .getConnection()
      .execute<{ user_id: string; live: boolean }[]>(
        'delete from one_time_grants where token_hash = ? and purpose = ? returning user_id, expires_at > now() as live',
        [hashCode(token), purpose],
      );
    const row = rows[0];
    return row?.live ? row.user_id : null;
  }
}
