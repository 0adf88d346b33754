import type { User } from '../users/user.entity.ts';

/** Not in the spec: the longest upload or episode name a mail subject carries. */
const SUBJECT_NAME_MAX = 60;

/**
 * Where a notification mail for this account may go (issue 14): its own address, once verified;
 * null (the bell only) until then. An address stored on an older upload is never used, so the
 * instance cannot be made to mail someone else.
 */
export function verifiedAddressOf(user: Pick<User, 'email' | 'emailVerifiedAt'>): string | null {
  return user.emailVerifiedAt ? user.email : null;
}

/** A name a user chose, as a mail subject carries it: one line, trimmed, at most 60 characters. */
export function subjectName(name: string): string {
  const line = name.replace(/\s+/g, ' ').trim();
  return line.length > SUBJECT_NAME_MAX ? `${line.slice(0, SUBJECT_NAME_MAX - 1).trimEnd()}…` : line;
}
