import { SpreakerAccountSchema, type SpreakerAccount } from './spreaker-account.entity.ts';
import { Repository } from '../../db/repository.ts';

/** The users' Spreaker connections (spreaker_accounts), one per user; tokens are stored sealed. */
export class SpreakerAccountsRepository extends Repository {
  findOf(userId: string): Promise<SpreakerAccount | null> {
    return this.em.findOne(SpreakerAccountSchema, { user: userId });
  }

  /** The user's connection, or a new one (written with the next save) when they have none. */
  async findOrAdd(userId: string, spreakerUserId: string): Promise<SpreakerAccount> {
    return (await this.findOf(userId)) ?? this.em.create(SpreakerAccountSchema, { user: userId, spreakerUserId, accessTokenEnc: '' });
  }

  /** Writes the changes made to connections read through this repository (new tokens). */
  save(): Promise<void> {
    return this.em.flush();
  }

  async deleteOf(userId: string): Promise<void> {
    await this.em.nativeDelete(SpreakerAccountSchema, { user: userId });
  }
}
