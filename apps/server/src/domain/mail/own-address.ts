import type { User } from '../users/user.entity.ts';
import type { NotifyAddressesRepository } from './notify-addresses.repository.ts';

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

/**
 * Where a notification about an upload goes (issue 14): the address stored on it while the account
 * still has it verified (one it proved with a code), else the account's own once verified; null
 * (the bell only) when neither.
 */
export async function deliveryAddressOf(
  addresses: Pick<NotifyAddressesRepository, 'isVerified'>,
  user: Pick<User, 'id' | 'email' | 'emailVerifiedAt'>,
  stored: string | null | undefined,
): Promise<string | null> {
  if (stored && stored !== user.email.toLowerCase() && (await addresses.isVerified(user.id, stored))) return stored;
  return verifiedAddressOf(user);
}

/** A name a user chose, as a mail subject carries it: one line, trimmed, at most 60 characters. */
export function subjectName(name: string): string {
  const line = name.replace(/\s+/g, ' ').trim();
  return line.length > SUBJECT_NAME_MAX ? `${line.slice(0, SUBJECT_NAME_MAX - 1).trimEnd()}…` : line;
}
