import { AUTH, MESSAGES } from '@ppp/contracts';
import { timingSafeEqual } from 'node:crypto';
import type { User } from '../users/user.entity.ts';
import { generateNumericCode, hashCode } from './session-token.ts';
import { AppError } from '../errors.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { RateLimitService } from './rate-limit.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { VerificationCodesRepository } from './verification-codes.repository.ts';

const MINUTES = AUTH.verificationCodeTtlMs / 60000;

/** What codes are read and written through, on one unit of work. */
export interface VerificationUnit {
  accounts: AccountsRepository;
  codes: VerificationCodesRepository;
  mail: MailService;
}

/** Resends whose code is still being mailed after their answer. */
const pendingResends = new Set<Promise<void>>();

/** 6-digit email codes: sent through the mail outbox, hashed at rest, single use, 5 tries, 15 minutes. */
export class VerificationService {
  private readonly unit: VerificationUnit;
  private readonly detached: () => VerificationUnit;
  private readonly limits: RateLimitService;
  private readonly settings: SettingsService;
  private readonly publicUrl: string;
  /** `detached` opens a unit of work of its own (a resend mails after the request has answered). */
  constructor(
    units: { unit: VerificationUnit; detached: () => VerificationUnit },
    limits: RateLimitService,
    instance: { settings: SettingsService; publicUrl: string },
  ) {
    this.unit = units.unit;
    this.detached = units.detached;
    this.limits = limits;
    this.settings = instance.settings;
    this.publicUrl = instance.publicUrl;
  }

  /** Replaces any pending code of the user with a new one and mails it. */
  async sendCode(user: User): Promise<void> {
    const sendKey = `code-send:${user.email}`;
    await this.limits.takeOrRefuse([{ key: sendKey, max: AUTH.maxCodeSendsPerWindow }], AUTH.failedLoginWindowMs);
    await this.issue(this.unit, user);
  }

  /**
   * Resend (issue 14): answers the same, as fast, whether or not the address has an account. Resends
   * are counted per address whoever owns it (the same 429 for an unknown one), and the account is
   * looked up and its code mailed after the answer, on a unit of work of its own.
   */
  async resend(email: string): Promise<void> {
    await this.limits.takeOrRefuse([{ key: `code-resend:${email}`, max: AUTH.maxCodeSendsPerWindow }], AUTH.failedLoginWindowMs);
    const task = this.resendNow(this.detached(), email).catch(() => {
      // Nothing to tell anyone: the answer is gone and a failed transport is recorded on the outbox row; asking again sends another.
    });
    pendingResends.add(task);
    void task.finally(() => pendingResends.delete(task));
  }

  /** Resolves once every resend asked for so far has mailed its code (tests, shutdown). */
  static async settled(): Promise<void> {
    while (pendingResends.size > 0) await Promise.all([...pendingResends]);
  }

  private async resendNow(unit: VerificationUnit, email: string): Promise<void> {
    const user = await unit.accounts.findByEmail(email);
    if (user && !user.emailVerifiedAt && !user.disabledAt) await this.issue(unit, user);
  }

  private async issue({ codes, mail }: VerificationUnit, user: User): Promise<void> {
    const code = generateNumericCode(AUTH.verificationCodeLength);
    await codes.replacePending(user, { codeHash: hashCode(code), expiresAt: new Date(Date.now() + AUTH.verificationCodeTtlMs) });
    const link = `${this.publicUrl}/verify?${new URLSearchParams({ token: code, email: user.email }).toString()}`;
    await mail.send({
      to: user.email,
      subject: `Your Podcast Plus Plus code: ${code}`,
      text:
        `Your verification code is ${code}.\n\n` +
        `Or confirm your address by opening this link: ${link}\n\n` +
        `It expires in ${MINUTES} minutes and can be used once. ` +
        `If you did not create an account, you can ignore this email.`,
    });
  }

  async hasPendingCode(user: User): Promise<boolean> {
    return this.unit.codes.hasPending(user.id, new Date());
  }

  /**
   * Checks a code; on success the address is confirmed. The account becomes active only while new
   * accounts are active (admin setting default_user_active) and no admin disabled it; in a closed
   * alpha it waits on the waitlist until an administrator approves it.
   * Each try is counted on the code before it is compared (an atomic update), so parallel tries never
   * compare more than the code's 5; the fifth wrong one uses the code up.
   */
  async confirm(email: string, code: string): Promise<User> {
    await this.limits.takeOrRefuse([{ key: `code-check:${email}`, max: AUTH.verificationCodeMaxAttempts * 2 }], AUTH.failedLoginWindowMs);
    const { accounts, codes } = this.unit;
    const user = await accounts.findByEmail(email);
    const pending = user ? await codes.latestUnused(user.id, email) : null;
    const attempts = pending ? await codes.countTry(pending.id, AUTH.verificationCodeMaxAttempts) : null;
    if (!user || !pending || !attempts || !sameHash(pending.codeHash, hashCode(code))) {
      if (pending && attempts && attempts >= AUTH.verificationCodeMaxAttempts) await codes.useUp(pending.id);
      throw new AppError('INVALID_CODE', MESSAGES.invalidCode);
    }
    // Single use even when the right code arrives twice at once: only one request marks it used.
    if (!(await codes.useUp(pending.id))) throw new AppError('INVALID_CODE', MESSAGES.invalidCode);
    user.emailVerifiedAt ??= new Date();
    if (!user.disabledAt && (await this.settings.get()).default_user_active) user.isActive = true;
    await accounts.save();
    await this.limits.reset(`code-check:${email}`);
    return user;
  }

  async deleteExpired(): Promise<number> {
    return this.unit.codes.deleteSpent(new Date(Date.now() - AUTH.verificationCodeTtlMs));
  }
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
