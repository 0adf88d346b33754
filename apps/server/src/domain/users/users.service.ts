import type { z } from 'zod';
import { ZTier, MESSAGES, type TMe, type ZUpdatePrefsRequest, type ZAcceptTermsRequest } from '@ppp/contracts';
import type { User } from './user.entity.ts';
import type { UsersRepository } from './users.repository.ts';
import { AppError, orNotFound } from '../errors.ts';
import type { SessionService } from '../auth/session.service.ts';

export function isAdmin(user: Pick<User, 'role'>): boolean {
  return user.role === 'admin';
}

export function toMe(user: User, termsVersionRequired: string): TMe {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || null;
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName ?? null,
    last_name: user.lastName ?? null,
    name,
    picture: user.picture ?? null,
    timezone: user.timezone ?? null,
    tier: ZTier.catch('free').parse(user.tier),
    is_admin: isAdmin(user),
    role: isAdmin(user) ? 'admin' : 'user',
    is_active: user.isActive,
    email_verified: Boolean(user.emailVerifiedAt),
    terms_version_required: termsVersionRequired,
    terms_version_accepted: user.termsVersionAccepted ?? null,
    created_at: user.createdAt,
  };
}

/** The signed-in user's own record, and the admin's changes to other users. */
export class UsersService {
  private readonly repository: UsersRepository;
  private readonly sessions: SessionService;
  constructor(repository: UsersRepository, sessions: SessionService) {
    this.repository = repository;
    this.sessions = sessions;
  }

  async updatePrefs(user: User, body: z.output<typeof ZUpdatePrefsRequest>): Promise<User> {
    if (body.first_name !== undefined) user.firstName = body.first_name || null;
    if (body.last_name !== undefined) user.lastName = body.last_name || null;
    if (body.timezone !== undefined) user.timezone = body.timezone || null;
    await this.repository.flush();
    return user;
  }

  async acceptTerms(user: User, body: z.output<typeof ZAcceptTermsRequest>, required: string): Promise<User> {
    if (body.version !== required) throw new AppError('BAD_REQUEST', MESSAGES.termsAcceptFailed);
    user.termsVersionAccepted = body.version;
    await this.repository.flush();
    return user;
  }

  async getById(id: string): Promise<User> {
    return orNotFound(await this.repository.findById(id), 'User not found');
  }

  /** Admin edit of tier, active flag or subscription expiry. Disabling a user ends their sessions. */
  async adminUpdate(
    id: string,
    patch: { tier?: string | undefined; is_active?: boolean | undefined; subscription_expires_at?: Date | null | undefined },
  ): Promise<User> {
    const user = await this.getById(id);
    if (patch.tier !== undefined) user.tier = ZTier.parse(patch.tier);
    if (patch.subscription_expires_at !== undefined) user.subscriptionExpiresAt = patch.subscription_expires_at;
    if (patch.is_active !== undefined) {
      user.isActive = patch.is_active;
      user.disabledAt = patch.is_active ? null : new Date();
    }
    await this.repository.flush();
    if (patch.is_active === false) await this.sessions.revokeAllForUser(user.id);
    return user;
  }
}
