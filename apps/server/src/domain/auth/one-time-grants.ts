import { randomBytes } from 'node:crypto';
import { hashCode } from './session-token.ts';
import type { GrantPurpose } from './one-time-grant.entity.ts';
import type { OneTimeGrantsRepository } from './one-time-grants.repository.ts';

/**
 * Short-lived, single-use random tokens naming a user (the Spreaker popup's ticket and OAuth state).
 * Only a hash is stored; redeeming takes the row away, so a token works once even when two requests
 * bring it at the same moment.
 */
export class OneTimeGrants {
  private readonly grants: OneTimeGrantsRepository;
  constructor(grants: OneTimeGrantsRepository) {
    this.grants = grants;
  }

  async issue(purpose: GrantPurpose, userId: string, ttlMs: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.grants.add({ tokenHash: hashCode(token), purpose, userId, expiresAt: new Date(Date.now() + ttlMs) });
    return token;
  }

  /** The user the token was issued to, once; null when it is unknown, used, expired or of another purpose. */
  async redeem(purpose: GrantPurpose, token: string, now = new Date()): Promise<string | null> {
    if (!token) return null;
    const grant = await this.grants.take(hashCode(token), purpose);
    return grant && grant.expiresAt > now ? grant.userId : null;
  }
}
