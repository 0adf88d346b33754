import type { EntityManager } from '@mikro-orm/postgresql';
import { AUTH, MESSAGES } from '@ppp/contracts';
import { timingSafeEqual } from 'node:crypto';
import { EmailVerificationSchema } from './email-verification.entity.ts';
import { UserSchema, type User } from '../users/user.entity.ts';
import { generateNumericCode, hashCode } from './session-token.ts';
import { AppError } from '../errors.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { RateLimitService } from './rate-limit.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';

const MINUTES = AUTH.verificationCodeTtlMs / 60000;

/** Resends whose code is still being mailed after their answer. */
const pendingResends = new Set<Promise<void>>();

/** 6-digit email codes: sent through the mail outbox, hashed at rest, single use, 5 tries, 15 minutes. */
export class VerificationService {
  private readonly em: EntityManager;
  private readonly mail: MailService;
  private readonly limits: RateLimitService;
  private readonly settings: SettingsService;
  private readonly publicUrl: string;
  constructor(em: EntityManager, mail: MailService, limits: RateLimitService, instance: { settings: SettingsService; publicUrl: string }) {
    this.em = em;
    this.mail = mail;
    this.limits = limits;
    this.settings = instance.settings;
    this.publicUrl = instance.publicUrl;
  }

  /** Replaces any pending code of the user with a new one and mails it. */
  async sendCode(user: User): Promise<void> {
    const sendKey = `code-send:${user.email}`;
    await this.limits.takeOrRefuse([{ key: sendKey, max: AUTH.maxCodeSendsPerWindow }], AUTH.failedLoginWindowMs);
    await this.issue(this.em, this.mail, user);
  }

  /**
   * Resend (issue 14): answers the same, as fast, whether or not the address has an account. Resends
   * are counted per address whoever owns it (the same 429 for an unknown one), and the account is
   * looked up and its code mailed after the answer, on a unit of work of its own.
   */
  async resend(email: string): Promise<void> {
    await this.limits.takeOrRefuse([{ key: `code-resend:${email}`, max: AUTH.maxCodeSendsPerWindow }], AUTH.failedLoginWindowMs);
    const em = this.em.fork();
    const task = this.resendNow(em, email).catch(() => {
      // Nothing to tell anyone: the answer is gone and a failed transport is recorded on the outbox row; asking again sends another.
    });
    pendingResends.add(task);
    void task.finally(() => pendingResends.delete(task));
  }

  /** Resolves once every resend asked for so far has mailed its code (tests, shutdown). */
  static async settled(): Promise<void> {
    while (pendingResends.size > 0) await Promise.all([...pendingResends]);
  }

  private async resendNow(em: EntityManager, email: string): Promise<void> {
    const user = await em.findOne(UserSchema, { email });
    if (user && !user.emailVerifiedAt && !user.disabledAt) await this.issue(em, this.mail.on(em), user);
  }

  private async issue(em: EntityManager, mail: MailService, user: User): Promise<void> {
    await em.nativeUpdate(EmailVerificationSchema, { user: user.id, usedAt: null }, { usedAt: new Date() });
    const code = generateNumericCode(AUTH.verificationCodeLength);
    em.create(EmailVerificationSchema, {
      user,
      email: user.email,
      codeHash: hashCode(code),
      expiresAt: new Date(Date.now() + AUTH.verificationCodeTtlMs),
    });
    await em.flush();
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
    const count = await this.em.count(EmailVerificationSchema, {
      user: user.id,
      usedAt: null,
      expiresAt: { $gt: new Date() },
    });
    return count > 0;
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
    const user = await this.em.findOne(UserSchema, { email });
    const pending = user
      ? await this.em.findOne(EmailVerificationSchema, { user: user.id, email, usedAt: null }, { orderBy: { createdAt: 'desc' } })
      : null;
    const attempt = pending ? await this.countTry(pending.id) : null;
    if (!user || !pending || !attempt || !sameHash(pending.codeHash, hashCode(code))) {
      if (pending && attempt && attempt.attempts >= AUTH.verificationCodeMaxAttempts) await this.useUp(pending.id);
      throw new AppError('INVALID_CODE', MESSAGES.invalidCode);
    }
    // Single use even when the right code arrives twice at once: only one request marks it used.
    if (!(await this.useUp(pending.id))) throw new AppError('INVALID_CODE', MESSAGES.invalidCode);
    user.emailVerifiedAt ??= new Date();
    if (!user.disabledAt && (await this.settings.get()).default_user_active) user.isActive = true;
    await this.em.flush();
    await this.limits.reset(`code-check:${email}`);
    return user;
  }

  /** Counts one try on a usable code; null when it is expired, used or out of tries. */
  private async countTry(id: string): Promise<{ attempts: number } | null> {
    const rows = await this.em.getConnection().execute<{ attempts: number }[]>(
      `update email_verifications set attempts = attempts + 1
       where id = ? and used_at is null and expires_at > now() and attempts < ?
       returning attempts`,
      [id, AUTH.verificationCodeMaxAttempts],
    );
    return rows[0] ? { attempts: Number(rows[0].attempts) } : null;
  }

  /** Marks a code used; false when another request already did. */
  private async useUp(id: string): Promise<boolean> {
    const rows = await this.em
      .getConnection()
      .execute<{ id: string }[]>('update email_verifications set used_at = now() where id = ? and used_at is null returning id', [id]);
    return rows.length > 0;
  }

  async deleteExpired(): Promise<number> {
    return this.em.nativeDelete(EmailVerificationSchema, {
      $or: [{ expiresAt: { $lt: new Date(Date.now() - AUTH.verificationCodeTtlMs) } }, { usedAt: { $ne: null } }],
    });
  }
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
