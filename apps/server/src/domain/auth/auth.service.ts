import type { z } from 'zod';
import {
  AUTH,
  MESSAGES,
  type TRegisterResponse,
  type TTokenResponse,
  type ZConfirmEmailRequest,
  type ZLoginRequest,
  type ZRegisterRequest,
  type ZResendVerificationRequest,
  type ZUpdatePendingEmailRequest,
} from '@ppp/contracts';
import type { User } from '../users/user.entity.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { hashPassword, verifyPassword, burnPasswordCheck } from './password.ts';
import { AppError } from '../errors.ts';
import type { SessionService } from './session.service.ts';
import type { VerificationService } from './verification.service.ts';
import type { RateLimitService } from './rate-limit.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';

export interface AuthDeps {
  accounts: AccountsRepository;
  /** The Terms version a registration accepts when its form did not say which one it showed. */
  termsVersion: string;
  sessions: SessionService;
  verification: VerificationService;
  limits: RateLimitService;
  settings: SettingsService;
  /** Starts the free trial a new account gets (issue 37), when the admin's setting gives one. */
  welcome(user: User): Promise<void>;
}

/** Registration, sign-in and email confirmation. */
export class AuthService {
  private readonly deps: AuthDeps;
  constructor(deps: AuthDeps) {
    this.deps = deps;
  }

  async register(body: z.output<typeof ZRegisterRequest>, clientIp: string): Promise<TRegisterResponse> {
    const { accounts, limits, settings, verification } = this.deps;
    const ipKey = `register:${clientIp}`;
    await limits.takeOrRefuse([{ key: ipKey, max: 30 }], 60 * 60 * 1000);
    const passwordHash = await hashPassword(body.password);
    const defaults = await settings.get();
    const user = await accounts.createUnique(body.email, (isFirst) => ({
      email: body.email,
      passwordHash,
      role: isFirst ? 'admin' : 'user',
      // The instance's owner is never capped on their own server; new accounts get the admin's default tier.
      tier: isFirst ? 'unlimited' : defaults.default_tier,
      isActive: isFirst || defaults.default_user_active,
      emailVerifiedAt: isFirst ? new Date() : null,
      // The contract refuses a registration without the Terms box ticked, so this is always an acceptance.
      termsVersionAccepted: body.terms_version ?? this.deps.termsVersion,
    }));
    if (!user) throw new AppError('USER_EXISTS', MESSAGES.userExists);
    await this.deps.welcome(user);
    if (!user.isActive) await verification.sendCode(user);
    return { is_active: user.isActive };
  }

  async login(body: z.output<typeof ZLoginRequest>, clientIp: string): Promise<TTokenResponse> {
    const { accounts, limits, sessions, settings, verification } = this.deps;
    const accountKey = `login:${body.username}`;
    const ipKey = `login-ip:${clientIp}`;
    // Counted before the password is checked, so parallel attempts never evaluate more than the limit.
    await limits.takeOrRefuse(
      [
        { key: ipKey, max: AUTH.maxFailedLoginsPerWindow * 6 },
        { key: accountKey, max: AUTH.maxFailedLoginsPerWindow },
      ],
      AUTH.failedLoginWindowMs,
    );
    const user = await accounts.findByEmail(body.username);
    const ok = user?.passwordHash
      ? await verifyPassword(user.passwordHash, body.password)
      : (await burnPasswordCheck(body.password), false);
    if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
    await limits.reset(accountKey);
    await limits.giveBack(ipKey);
    // Told only to whoever knows the password; a disabled account gets no token (issue 35).
    assertNotDisabled(user);
    const maintenance = await settings.get();
    if (maintenance.maintenance_mode && user.role !== 'admin') {
      throw new AppError('MAINTENANCE', maintenance.maintenance_message ?? MESSAGES.maintenanceDefault);
    }
    if (!user.isActive && !user.emailVerifiedAt && !user.disabledAt) {
      if (!(await verification.hasPendingCode(user))) await verification.sendCode(user).catch(() => undefined);
      throw new AppError('EMAIL_NOT_CONFIRMED', MESSAGES.confirmEmailFirst);
    }
    const { token } = await sessions.create(user.id);
    user.lastActivityAt = new Date();
    await accounts.save();
    return { access_token: token, token_type: 'bearer' };
  }

  async confirmEmail(body: z.output<typeof ZConfirmEmailRequest>): Promise<void> {
    await this.deps.verification.confirm(body.email, (body.code ?? body.token)!);
  }

  /** Answers the same, in the same time, for every address, so it cannot tell which have accounts (issue 14). */
  async resendVerification(body: z.output<typeof ZResendVerificationRequest>): Promise<void> {
    await this.deps.verification.resend(body.email);
  }

  /** Before confirmation, a mistyped address can be corrected; a new code goes to the new one. */
  async updatePendingEmail(body: z.output<typeof ZUpdatePendingEmailRequest>): Promise<void> {
    const { accounts, limits } = this.deps;
    const key = `email-change:${body.old_email}`;
    await limits.takeOrRefuse([{ key, max: AUTH.maxCodeSendsPerWindow }], AUTH.failedLoginWindowMs);
    const user = await accounts.findByEmail(body.old_email);
    if (!user || user.emailVerifiedAt) throw new AppError('BAD_REQUEST', MESSAGES.unableToUpdateEmail);
    if (await accounts.emailTaken(body.new_email)) throw new AppError('BAD_REQUEST', MESSAGES.unableToUpdateEmail);
    user.email = body.new_email;
    await accounts.save();
    await this.deps.verification.sendCode(user);
  }

  async logout(token: string): Promise<void> {
    await this.deps.sessions.revoke(token);
  }

  /** A new password ends every other session of the user. */
  async changePassword(user: User, currentToken: string, input: { current_password: string; new_password: string }) {
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.current_password))) {
      throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
    }
    user.passwordHash = await hashPassword(input.new_password);
    await this.deps.accounts.save();
    await this.deps.sessions.revokeAllForUser(user.id, currentToken);
  }
}

/** An account an administrator disabled obtains no session, by password or by Google. */
export function assertNotDisabled(user: Pick<User, 'disabledAt'>): void {
  if (user.disabledAt) throw new AppError('ACCOUNT_DISABLED', MESSAGES.accountDisabled);
}
