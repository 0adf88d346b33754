import type { EntityManager } from '@mikro-orm/postgresql';
import { AUTH, MESSAGES } from '@ppp/contracts';
import { timingSafeEqual } from 'node:crypto';
import { EmailVerificationSchema } from './email-verification.entity.ts';
import { UserSchema, type User } from '../users/user.entity.ts';
import { generateNumericCode, hashCode } from './session-token.ts';
import { AppError } from '../errors.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { RateLimitService } from './rate-limit.service.ts';

const MINUTES = AUTH.verificationCodeTtlMs / 60000;

/** 6-digit email codes: sent through the mail outbox, hashed at rest, single use, 5 tries, 15 minutes. */
export class VerificationService {
  private readonly em: EntityManager;
  private readonly mail: MailService;
  private readonly limits: RateLimitService;
  constructor(em: EntityManager, mail: MailService, limits: RateLimitService) {
    this.em = em;
    this.mail = mail;
    this.limits = limits;
  }

  /** Replaces any pending code of the user with a new one and mails it. */
  async sendCode(user: User): Promise<void> {
    const sendKey = `code-send:${user.email}`;
    await this.limits.assertUnder([sendKey], AUTH.maxCodeSendsPerWindow, AUTH.failedLoginWindowMs);
    await this.limits.hit(sendKey, AUTH.failedLoginWindowMs);
    await this.em.nativeUpdate(EmailVerificationSchema, { user: user.id, usedAt: null }, { usedAt: new Date() });
    const code = generateNumericCode(AUTH.verificationCodeLength);
    this.em.create(EmailVerificationSchema, {
      user,
      email: user.email,
      codeHash: hashCode(code),
      expiresAt: new Date(Date.now() + AUTH.verificationCodeTtlMs),
    });
    await this.em.flush();
    await this.mail.send({
      to: user.email,
      subject: `Your Podcast Plus Plus code: ${code}`,
      text:
        `Your verification code is ${code}.\n\n` +
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

  /** Checks a code; on success the address is confirmed and the account activated (unless an admin disabled it). */
  async confirm(email: string, code: string): Promise<User> {
    const failKey = `code-check:${email}`;
    await this.limits.assertUnder([failKey], AUTH.verificationCodeMaxAttempts * 2, AUTH.failedLoginWindowMs);
    const user = await this.em.findOne(UserSchema, { email });
    const pending = user
      ? await this.em.findOne(EmailVerificationSchema, { user: user.id, email, usedAt: null }, { orderBy: { createdAt: 'desc' } })
      : null;
    const usable = pending && pending.expiresAt.getTime() > Date.now() && pending.attempts < AUTH.verificationCodeMaxAttempts;
    if (!user || !pending || !usable || !sameHash(pending.codeHash, hashCode(code))) {
      if (pending && usable) {
        pending.attempts += 1;
        if (pending.attempts >= AUTH.verificationCodeMaxAttempts) pending.usedAt = new Date();
        await this.em.flush();
      }
      await this.limits.hit(failKey, AUTH.failedLoginWindowMs);
      throw new AppError('INVALID_CODE', MESSAGES.invalidCode);
    }
    pending.usedAt = new Date();
    user.emailVerifiedAt ??= new Date();
    if (!user.disabledAt) user.isActive = true;
    await this.em.flush();
    await this.limits.reset(failKey);
    return user;
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
