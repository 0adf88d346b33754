import type { EntityManager } from '@mikro-orm/postgresql';
import { publicUrl, type TConfig } from '../../config.ts';
import type { CoreServices } from '../core-services.ts';
import { VerificationService } from './verification.service.ts';
import { VerificationCodesRepository } from './verification-codes.repository.ts';
import { AccountsRepository } from './accounts.repository.ts';
import { AuthService } from './auth.service.ts';
import { GoogleAuthService } from './google-auth.service.ts';
import { OutboxRepository } from '../mail/outbox.repository.ts';
import { UsersService } from '../users/users.service.ts';
import { UsersRepository } from '../users/users.repository.ts';
import { WaitlistService } from '../waitlist/waitlist.service.ts';
import { WaitlistRepository } from '../waitlist/waitlist.repository.ts';
import { PublicConfigService } from '../settings/public-config.service.ts';
import { BillingRepository } from '../billing/billing.repository.ts';
import { startNewAccountTrial } from '../billing/subscription.service.ts';
import type { User } from '../users/user.entity.ts';

/** Accounts of one unit of work: sign-up and sign-in, email verification, Google sign-in, users and the waitlist. */
export function createAccountServices(em: EntityManager, config: TConfig, core: CoreServices) {
  const { sessions, limits, settings } = core;
  const accounts = new AccountsRepository(em);
  const verification = verificationService(em, config, core, accounts);
  const welcome = (user: User) => startNewAccountTrial({ billing: new BillingRepository(em), settings }, user);
  const google = googleAuthService(config, accounts, core, welcome);
  return {
    verification,
    auth: new AuthService({ accounts, termsVersion: config.TERMS_VERSION, sessions, verification, limits, settings, welcome }),
    users: new UsersService(new UsersRepository(em), sessions),
    waitlist: new WaitlistService(new WaitlistRepository(em), limits),
    publicConfig: new PublicConfigService(settings, { googleSignIn: google !== null, termsVersion: config.TERMS_VERSION }),
    google,
  };
}

/** Codes are written on the unit of work's entity manager, or on a fork of their own when sent detached. */
function verificationService(em: EntityManager, config: TConfig, core: CoreServices, accounts: AccountsRepository) {
  const { mail, limits, settings } = core;
  return new VerificationService(
    {
      unit: { accounts, codes: new VerificationCodesRepository(em), mail },
      detached: () => {
        const own = em.fork();
        return {
          accounts: new AccountsRepository(own),
          codes: new VerificationCodesRepository(own),
          mail: mail.on(new OutboxRepository(own)),
        };
      },
    },
    limits,
    { settings, publicUrl: publicUrl(config) },
  );
}

/** Google sign-in when its client is configured, else null. */
function googleAuthService(config: TConfig, accounts: AccountsRepository, core: CoreServices, welcome: (user: User) => Promise<void>) {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return null;
  return new GoogleAuthService(
    {
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      redirectUri: `${publicUrl(config)}/api/auth/google/callback`,
    },
    accounts,
    core.sessions,
    core.settings,
    welcome,
  );
}
