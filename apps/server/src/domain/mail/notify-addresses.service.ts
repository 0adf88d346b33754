import { timingSafeEqual } from 'node:crypto';
import { AUTH, MESSAGES, NOTIFY_ADDRESSES, NOTIFY_ADDRESS_MESSAGES, type TNotifyAddress, type TNotifyAddressList } from '@ppp/contracts';
import { AppError, orNotFound } from '../errors.ts';
import { generateNumericCode, hashCode } from '../auth/session-token.ts';
import type { RateLimitService } from '../auth/rate-limit.service.ts';
import type { User } from '../users/user.entity.ts';
import type { MailService } from './mail.service.ts';
import type { NotifyAddressesRepository } from './notify-addresses.repository.ts';

export interface NotifyAddressesDeps {
  repository: NotifyAddressesRepository;
  mail: MailService;
  limits: RateLimitService;
  publicUrl: string;
}

const MINUTES = AUTH.verificationCodeTtlMs / 60_000;

const ownOf = (user: Pick<User, 'email'>) => user.email.toLowerCase();

/**
 * The addresses a creator's upload notifications may go to (issue 14): the account's own, or another
 * the creator proved they read by entering the code mailed to it (the email confirmation's code:
 * 6 digits, 15 minutes, 5 tries counted before each comparison, the same send limits).
 */
export class NotifyAddressesService {
  private readonly deps: NotifyAddressesDeps;
  constructor(deps: NotifyAddressesDeps) {
    this.deps = deps;
  }

  async list(user: User): Promise<TNotifyAddressList> {
    const own: TNotifyAddress = { email: ownOf(user), own: true, verified: Boolean(user.emailVerifiedAt) };
    const others = await this.deps.repository.listOf(user.id);
    return { items: [own, ...others.map((row) => ({ email: row.email, own: false, verified: row.verifiedAt !== null }))] };
  }

  /** Adds an address (or asks for a new code) and mails its code; an address already verified stays so, mailed nothing. */
  async add(user: User, email: string): Promise<TNotifyAddress> {
    if (email === ownOf(user)) throw new AppError('VALIDATION', NOTIFY_ADDRESS_MESSAGES.ownAddress);
    await this.deps.limits.takeOrRefuse(
      [
        { key: `notify-code-send:${user.id}`, max: AUTH.maxCodeSendsPerWindow },
        { key: `code-send:${email}`, max: AUTH.maxCodeSendsPerWindow },
      ],
      AUTH.failedLoginWindowMs,
    );
    const code = generateNumericCode(AUTH.verificationCodeLength);
    const expiresAt = new Date(Date.now() + AUTH.verificationCodeTtlMs);
    const outcome = await this.deps.repository.issue(user.id, email, hashCode(code), expiresAt, NOTIFY_ADDRESSES.maxPerUser);
    if (outcome === 'full') throw new AppError('CONFLICT', NOTIFY_ADDRESS_MESSAGES.tooMany);
    if (outcome === 'verified') return { email, own: false, verified: true };
    await this.deps.mail.send({
      to: email,
      subject: `Your Podcast Plus Plus code: ${code}`,
      text:
        `Your code is ${code}.\n\n` +
        `An account on ${this.deps.publicUrl} asked to send its upload notifications to this address. ` +
        `Entering this code there allows it. It expires in ${MINUTES} minutes and can be used once.\n\n` +
        `If you did not ask for this, ignore this email: nothing more will be sent here.`,
    });
    return { email, own: false, verified: false };
  }

  /** Checks the code mailed to the address; right, the address is verified. Each try is counted before it is compared. */
  async verify(user: User, email: string, code: string): Promise<TNotifyAddress> {
    await this.deps.limits.takeOrRefuse(
      [{ key: `notify-code-check:${user.id}`, max: AUTH.verificationCodeMaxAttempts * 2 }],
      AUTH.failedLoginWindowMs,
    );
    const row = orNotFound(await this.deps.repository.find(user.id, email), NOTIFY_ADDRESS_MESSAGES.notFound);
    if (row.verifiedAt) return { email, own: false, verified: true };
    const attempt = await this.deps.repository.countTry(row.id, AUTH.verificationCodeMaxAttempts);
    if (!attempt || !sameHash(attempt.codeHash, hashCode(code))) {
      if (attempt && attempt.attempts >= AUTH.verificationCodeMaxAttempts) await this.deps.repository.useUp(row.id);
      throw new AppError('INVALID_CODE', MESSAGES.invalidCode);
    }
    // Single use even when the right code arrives twice at once: only one request marks it.
    if (!(await this.deps.repository.markVerified(row.id))) throw new AppError('INVALID_CODE', MESSAGES.invalidCode);
    await this.deps.limits.reset(`notify-code-check:${user.id}`);
    return { email, own: false, verified: true };
  }

  async remove(user: User, email: string): Promise<void> {
    if (!(await this.deps.repository.remove(user.id, email))) throw new AppError('NOT_FOUND', NOTIFY_ADDRESS_MESSAGES.notFound);
  }

  /**
   * The address an upload's notify_email names, as stored on the upload: the account's own (also
   * when none is given), or one of its verified addresses; anything else is refused and nothing stored.
   */
  async resolve(user: User, asked: string | undefined): Promise<string> {
    const wanted = asked?.trim().toLowerCase();
    if (!wanted || wanted === ownOf(user)) return ownOf(user);
    if (await this.deps.repository.isVerified(user.id, wanted)) return wanted;
    throw new AppError('VALIDATION', NOTIFY_ADDRESS_MESSAGES.notVerified);
  }
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
