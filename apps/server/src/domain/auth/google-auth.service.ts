import { Google, generateCodeVerifier, generateState, decodeIdToken, type OAuth2Tokens } from 'arctic';
import { MESSAGES, safeReturnPath } from '@ppp/contracts';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import type { SessionService } from './session.service.ts';
import { assertNotDisabled } from './auth.service.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { User } from '../users/user.entity.ts';

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface GoogleStart {
  url: string;
  state: string;
  codeVerifier: string;
  returnTo: string;
}

const ZGoogleClaims = z.object({
  sub: z.string(),
  email: z.string().email(),
  email_verified: z.boolean().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
});

/** Google sign-in through arctic: authorization code with PKCE and state. */
export class GoogleAuthService {
  private readonly google: Google;
  private readonly accounts: AccountsRepository;
  private readonly sessions: SessionService;
  private readonly settings: SettingsService;
  private readonly welcome: (user: User) => Promise<void>;
  constructor(
    config: GoogleConfig,
    accounts: AccountsRepository,
    sessions: SessionService,
    settings: SettingsService,
    welcome: (user: User) => Promise<void>,
  ) {
    this.welcome = welcome;
    this.google = new Google(config.clientId, config.clientSecret, config.redirectUri);
    this.accounts = accounts;
    this.sessions = sessions;
    this.settings = settings;
  }

  start(returnTo: string | undefined): GoogleStart {
    const state = generateState();
    const codeVerifier = generateCodeVerifier();
    const url = this.google.createAuthorizationURL(state, codeVerifier, ['openid', 'profile', 'email']);
    return { url: url.toString(), state, codeVerifier, returnTo: safeReturnPath(returnTo) };
  }

  /** Exchanges the code, finds or creates the user, and opens a session. */
  async finish(input: { code: string; state: string; storedState: string; codeVerifier: string }): Promise<string> {
    if (!input.code || !input.state || input.state !== input.storedState) {
      throw new AppError('BAD_REQUEST', MESSAGES.unexpected);
    }
    let tokens: OAuth2Tokens;
    try {
      tokens = await this.google.validateAuthorizationCode(input.code, input.codeVerifier);
    } catch {
      throw new AppError('UNAUTHORIZED', MESSAGES.unexpected);
    }
    const claims = ZGoogleClaims.parse(decodeIdToken(tokens.idToken()));
    const email = claims.email.toLowerCase();
    let user = await this.accounts.findByGoogleSub(claims.sub);
    if (!user && claims.email_verified) user = await this.accounts.findByEmail(email);
    const defaults = await this.settings.get();
    const created = !user;
    if (!user) {
      const isFirst = await this.accounts.noneYet();
      user = this.accounts.addGoogleAccount({
        email,
        role: isFirst ? 'admin' : 'user',
        tier: isFirst ? 'unlimited' : defaults.default_tier,
        isActive: isFirst || defaults.default_user_active || Boolean(claims.email_verified),
        emailVerifiedAt: claims.email_verified ? new Date() : null,
        firstName: claims.given_name ?? null,
        lastName: claims.family_name ?? null,
        picture: claims.picture ?? null,
      });
    }
    assertNotDisabled(user);
    user.googleSub = claims.sub;
    await this.accounts.save();
    if (created) await this.welcome(user);
    const { token } = await this.sessions.create(user.id);
    return token;
  }
}
