import { z } from 'zod';
import { UserSchema, type User } from './user.entity.ts';
import { Repository } from '../../db/repository.ts';

/** The users table as the account screens and the admin see it. */
export class UsersRepository extends Repository {
  /** A user by id; null for a malformed id (PostgreSQL would refuse it as a uuid) or a missing one. */
  async findById(id: string): Promise<User | null> {
    if (!z.guid().safeParse(id).success) return null;
    return this.em.findOne(UserSchema, { id });
  }

  /** The users with these emails. */
  findByEmails(emails: readonly string[]): Promise<User[]> {
    return emails.length ? this.em.find(UserSchema, { email: { $in: [...emails] } }) : Promise.resolve([]);
  }

  findByEmail(email: string): Promise<User | null> {
    return this.em.findOne(UserSchema, { email });
  }
}
