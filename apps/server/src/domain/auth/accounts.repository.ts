import { UserSchema, type User } from '../users/user.entity.ts';
import { Repository } from '../../db/repository.ts';

/** One lock for every registration, so only one account can ever be the instance's first. */
const FIRST_USER_LOCK = 727002;

export type TNewAccount = Pick<User, 'email' | 'passwordHash' | 'role' | 'tier' | 'isActive' | 'emailVerifiedAt' | 'termsVersionAccepted'>;

/** A Google sign-in's new account: its profile instead of a password. */
export type TNewGoogleAccount = Pick<
  User,
  'email' | 'role' | 'tier' | 'isActive' | 'emailVerifiedAt' | 'firstName' | 'lastName' | 'picture'
>;

/** The users table as registration, sign-in and email changes read and write it. */
export class AccountsRepository extends Repository {
  /**
   * Creates an account under the registration lock: `decide` is told whether it is the first one and
   * gives its fields, or null when the email is taken (then nothing is created and null is returned).
   */
  async createUnique(email: string, decide: (isFirst: boolean) => TNewAccount): Promise<User | null> {
    return this.em.transactional(async (tx) => {
      await tx.getConnection().execute('select pg_advisory_xact_lock(?)', [FIRST_USER_LOCK]);
      if ((await tx.count(UserSchema, { email })) > 0) return null;
      const isFirst = (await tx.count(UserSchema, {})) === 0;
      return tx.create(UserSchema, decide(isFirst));
    });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.em.findOne(UserSchema, { email });
  }

  findByGoogleSub(googleSub: string): Promise<User | null> {
    return this.em.findOne(UserSchema, { googleSub });
  }

  /** Whether the instance has no account yet. */
  async noneYet(): Promise<boolean> {
    return (await this.em.count(UserSchema, {})) === 0;
  }

  /** A new account from Google, written with the next save. */
  addGoogleAccount(fields: TNewGoogleAccount): User {
    return this.em.create(UserSchema, fields);
  }

  async emailTaken(email: string): Promise<boolean> {
    return (await this.em.count(UserSchema, { email })) > 0;
  }

  /** Writes the changes made to accounts read through this repository. */
  save(): Promise<void> {
    return this.em.flush();
  }
}
